import { useTranslation } from 'react-i18next';
import { hasPermission } from '@partner-portal/shared/permissions';
import { isSubscriptionUsable, PLANS } from '@partner-portal/shared/plan-rules';
import { Banner } from '@/components/ui/banner';
import { BillingOverviewScreen } from '@/features/billing/components/billing-overview';
import type { StoredSession } from '@partner-portal/shared/user';
import { useSession } from '@/lib/session-store';
import { Page } from '../layouts/page';

/**
 * Billing is the owner's (docs/product.md#roles-and-permissions). Every member can land here, since the guard sends anyone
 * whose account's subscription needs attention (docs/product.md#states-and-transitions): the others are told who can fix it,
 * and, while nothing needs fixing, only who manages billing and the plan the account is on.
 */
export default function AccountBillingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const owner = session ? hasPermission(session.permission, 'owner') : false;
  return (
    <Page
      titleKey="titles.billing"
      description={owner ? t('billing.overview.description') : undefined}
    >
      {owner ? <BillingOverviewScreen /> : <MemberBilling session={session} />}
    </Page>
  );
}

function MemberBilling({ session }: { session: StoredSession | null }) {
  const { t } = useTranslation();
  const status = session?.subscription;
  if (!session?.plan || !status || !isSubscriptionUsable(status)) {
    return (
      <Banner variant="warning" title={t('billing.member.title')}>
        {t('billing.member.body')}
      </Banner>
    );
  }
  const plan = PLANS.find((entry) => entry.id === session.plan)?.name ?? session.plan;
  return (
    <Banner variant="info" title={t('billing.member.in_order_title')}>
      {t('billing.member.in_order_body', { plan, status: t(`billing.status.${status}`) })}
    </Banner>
  );
}
