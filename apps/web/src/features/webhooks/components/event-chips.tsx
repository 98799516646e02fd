import { useTranslation } from 'react-i18next';
import type { WebhookEventType } from '@partner-portal/shared/webhooks';
import { Badge } from '@/components/ui/badge';

/** An endpoint's events as the API names them, what each means in a tooltip. */
export function EventChips({ events }: { events: readonly WebhookEventType[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('webhooks.endpoint.events')} className="flex flex-wrap gap-1">
      {events.map((type) => (
        <li key={type}>
          <Badge
            variant="outline"
            className="font-mono font-normal"
            title={t(`webhooks.events.${type}`)}
          >
            {type}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
