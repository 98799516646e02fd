import { Mail, Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AlertChannel } from '@partner-portal/shared/alerts';
import { Badge } from '@/components/ui/badge';

const ICONS = { email: Mail, webhook: Webhook } as const;

/** How the alert tells its owner: e-mail, the account's webhooks, or both. */
export function AlertChannels({ channels }: { channels: readonly AlertChannel[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('alerts.card.channels')} className="flex flex-wrap gap-1">
      {channels.map((channel) => {
        const Icon = ICONS[channel];
        return (
          <li key={channel}>
            <Badge variant="outline" className="font-normal">
              <Icon aria-hidden className="size-3" />
              {t(`alerts.channels.${channel}`)}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
