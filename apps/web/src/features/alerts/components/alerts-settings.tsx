import { useTranslation } from 'react-i18next';
import { hasPermission } from '@partner-portal/shared/permission-rules';
import { QueryGate } from '@/components/ui/query-gate';
import { useAlerts } from '../api/alerts';
import { AlertList } from './alert-list';
import { PlanLocked } from '@/components/ui/plan-locked';
import { useAlertsEntitled } from './use-alerts-entitled';

/**
 * The alerts screen (docs/product.md#metric-alerts): the member's own alerts and their history.
 * Below Plus it explains itself and links to the upgrade instead of asking the server (which
 * would answer 402).
 */
export function AlertsSettings({ upgradePath }: { upgradePath: string }) {
  const { t } = useTranslation();
  const { session, entitled } = useAlertsEntitled();
  const query = useAlerts(entitled);

  if (!entitled) {
    return (
      <PlanLocked
        texts="alerts.locked"
        upgradePath={upgradePath}
        canUpgrade={hasPermission(session?.permission, 'admin')}
      />
    );
  }
  return (
    <QueryGate
      query={query}
      texts={{
        loading: t('alerts.loading'),
        failed: t('alerts.load_failed'),
        retry: t('alerts.retry'),
      }}
    >
      {(list) => <AlertList list={list} />}
    </QueryGate>
  );
}
