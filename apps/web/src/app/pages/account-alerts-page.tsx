import { useTranslation } from 'react-i18next';
import { WEBHOOKS_PLAN } from '@partner-portal/shared/plan-rules';
import { AlertsSettings } from '@/features/alerts/components/alerts-settings';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

/** Metric alerts (docs/product.md#metric-alerts): each member's own; they start with webhooks' plan. */
export default function AccountAlertsPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.alerts" description={t('alerts.description')}>
      <AlertsSettings upgradePath={`${paths.accountUpgrade}?plan=${WEBHOOKS_PLAN}`} />
    </Page>
  );
}
