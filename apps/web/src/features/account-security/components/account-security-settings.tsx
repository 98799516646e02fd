import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountSecurity } from '@partner-portal/shared/account-security';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryGate } from '@/components/ui/query-gate';
import { useAccountSecurity } from '../api/account-security';
import { MembersWithout2fa } from './members-without-2fa';
import { PolicyForm } from './policy-form';
import { PolicyBadge, PolicyStatus } from './policy-status';
import { SecurityHelp } from './security-help';

/**
 * docs/product.md#two-factor-policy, the owner's screen: whether every member must use 2FA and
 * with how many days' grace, where the policy stands, and who has not set 2FA up yet.
 * `twoFactorPath` is the owner's own 2FA screen, where they turn theirs on first.
 */
export function AccountSecuritySettings({ twoFactorPath }: { twoFactorPath: string }) {
  const { t } = useTranslation();
  const query = useAccountSecurity();
  return (
    <QueryGate
      query={query}
      texts={{
        loading: t('security.loading'),
        failed: t('security.load_failed'),
        retry: t('security.retry'),
      }}
    >
      {(security) => <SecurityPolicy security={security} twoFactorPath={twoFactorPath} />}
    </QueryGate>
  );
}

function SecurityPolicy({
  security,
  twoFactorPath,
}: {
  security: AccountSecurity;
  twoFactorPath: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      {security.owner_2fa_enabled ? null : (
        <Banner
          variant="warning"
          title={t('security.owner_2fa.title')}
          action={
            <Button asChild size="sm">
              <Link to={twoFactorPath}>{t('security.owner_2fa.link')}</Link>
            </Button>
          }
        >
          {t('security.owner_2fa.body')}
        </Banner>
      )}
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>{t('security.policy.title')}</CardTitle>
            <PolicyBadge security={security} />
          </div>
          <CardDescription>{t('security.policy.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <PolicyStatus security={security} />
          <PolicyForm security={security} />
        </CardContent>
      </Card>
      <MembersWithout2fa
        members={security.members_without_2fa}
        required={security.require_2fa}
        pendingInvitations={security.pending_invitations}
      />
      <SecurityHelp />
    </div>
  );
}
