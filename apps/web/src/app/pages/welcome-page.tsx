import { BarChart3, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { hasPermission } from '@partner-portal/shared/permissions';
import { isPlusEligible } from '@partner-portal/shared/plans';
import type { ChecklistStep } from '@partner-portal/shared/welcome';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { WelcomeChecklist } from '@/features/welcome/components/welcome-checklist';
import { useSession } from '@/lib/session-store';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

const CHECKLIST_LINKS: Record<ChecklistStep, string> = {
  import_data: paths.accountData,
  invite_team: paths.accountUsers,
  two_factor: paths.account2fa,
  choose_plan: paths.accountUpgrade,
};

/**
 * docs/product.md#screens-and-routes "Welcome": the duplicate-user warning, a new partner's first
 * steps, dashboard cards, a contact and upgrade note.
 */
export default function WelcomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const plus = session ? isPlusEligible(session) : false;
  return (
    <Page
      titleKey="titles.welcome"
      subtitle={t('welcome.greeting', { name: session?.first_name ?? '' })}
    >
      {session?.duplicate_user ? (
        <Banner variant="warning" title={t('welcome.duplicate_title')}>
          {t('welcome.duplicate_body')}
        </Banner>
      ) : null}
      <WelcomeChecklist links={CHECKLIST_LINKS} />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <BarChart3 aria-hidden className="size-6 text-primary" />
            <CardTitle>{t('titles.dashboard_core')}</CardTitle>
            <CardDescription>{t('welcome.core_body')}</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild>
              <Link to={paths.dashboardCore}>{t('welcome.open_core')}</Link>
            </Button>
          </CardFooter>
        </Card>
        {plus ? (
          <Card>
            <CardHeader>
              <Sparkles aria-hidden className="size-6 text-primary" />
              <CardTitle>{t('titles.dashboard_plus')}</CardTitle>
              <CardDescription>{t('welcome.plus_body')}</CardDescription>
            </CardHeader>
            <CardFooter>
              <Button asChild>
                <Link to={paths.dashboardPlus}>{t('welcome.open_plus')}</Link>
              </Button>
            </CardFooter>
          </Card>
        ) : null}
      </div>
      <footer className="grid gap-1 border-t border-border pt-4 text-sm text-muted-foreground">
        <p>
          {t('welcome.contact')}{' '}
          <Link
            to={paths.help}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('titles.help')}
          </Link>
        </p>
        {plus ? null : (
          <p>
            {/* The upgrade screen is an admin's (route table); others are told whom to ask. */}
            {session && hasPermission(session.permission, 'admin') ? (
              <Trans
                t={t}
                i18nKey="welcome.upgrade_note"
                components={{
                  upgrade: (
                    <Link
                      to={`${paths.accountUpgrade}?plan=free_plus`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    />
                  ),
                }}
              />
            ) : (
              t('welcome.upgrade_ask_admin')
            )}
          </p>
        )}
      </footer>
    </Page>
  );
}
