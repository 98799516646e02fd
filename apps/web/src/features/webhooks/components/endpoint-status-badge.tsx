import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@partner-portal/shared/webhooks';
import { Badge } from '@/components/ui/badge';

type EndpointStatus = 'enabled' | 'disabled' | 'failing';

const VARIANTS = { enabled: 'success', disabled: 'secondary', failing: 'warning' } as const;

/** Enabled; disabled by someone; or disabled by us after three days of failed deliveries. */
function endpointStatus(endpoint: WebhookEndpoint): EndpointStatus {
  if (endpoint.enabled) return 'enabled';
  return endpoint.disabled_reason === 'failing' ? 'failing' : 'disabled';
}

export function EndpointStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const status = endpointStatus(endpoint);
  return (
    <Badge variant={VARIANTS[status]} data-status={status}>
      {t(`webhooks.statuses.${status}`)}
    </Badge>
  );
}
