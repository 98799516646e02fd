import { useTranslation } from 'react-i18next';
import { hasPermission } from '@partner-portal/shared/permission-rules';
import { entitledPlan, includesWebhooks } from '@partner-portal/shared/plan-rules';
import { QueryGate } from '@/components/ui/query-gate';
import { useSession } from '@/lib/session-store';
import { useWebhooks } from '../api/webhooks';
import { EndpointList } from './endpoint-list';
import { PlanLocked } from '@/components/ui/plan-locked';

/**
 * The webhooks screen (docs/product.md#webhooks): the account's endpoints and their deliveries.
 * Below Plus it explains itself and links to the upgrade instead of asking the server (which
 * would answer 402).
 */
export function WebhooksSettings({ upgradePath }: { upgradePath: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const plan = session
    ? entitledPlan(session.permission, session.plan, session.subscription)
    : null;
  const entitled = includesWebhooks(plan);
  const query = useWebhooks(entitled);

  if (!entitled) {
    return (
      <PlanLocked
        texts="webhooks.locked"
        upgradePath={upgradePath}
        canUpgrade={hasPermission(session?.permission, 'admin')}
      />
    );
  }
  return (
    <QueryGate
      query={query}
      texts={{
        loading: t('webhooks.loading'),
        failed: t('webhooks.load_failed'),
        retry: t('webhooks.retry'),
      }}
    >
      {(list) => <EndpointList list={list} />}
    </QueryGate>
  );
}
