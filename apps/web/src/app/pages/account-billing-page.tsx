import { useTranslation } from 'react-i18next';
import { hasPermission } from '@partner-portal/shared/permissions';
import { Banner } from '@/components/ui/banner';
import { BillingOverviewScreen } from '@/features/billing/components/billing-overview';
import { useSession } from '@/lib/session-store';
import { Page } from '../layouts/page';

/**
 * Billing is the owner's (docs/product.md#roles-and-permissions). Every member can land here, since the guard sends anyone
 * whose account's subscription needs attention (docs/product.md#states-and-transitions): the others are told who can fix it.
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
      {owner ? (
        <BillingOverviewScreen />
      ) : (
        <Banner variant="warning" title={t('billing.member.title')}>
          {t('billing.member.body')}
        </Banner>
      )}
    </Page>
  );
}
