import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@partner-portal/shared/api-keys';
import { Badge } from '@/components/ui/badge';
import { formatCell } from '@/components/ui/data-table-model';

const VARIANTS = { active: 'success', expired: 'warning', revoked: 'secondary' } as const;

/**
 * The key's status, until when the secret a roll replaced still works, while it does, and
 * whether the account's 2FA policy has stopped it (docs/product.md#two-factor-policy).
 */
export function KeyStatusBadge({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge variant={VARIANTS[apiKey.status]} data-status={apiKey.status}>
        {t(`apikeys.statuses.${apiKey.status}`)}
      </Badge>
      {apiKey.previous_valid_until ? (
        <span className="text-xs whitespace-normal text-muted-foreground">
          {t('apikeys.previous_until', {
            date: formatCell(apiKey.previous_valid_until, 'datetime'),
          })}
        </span>
      ) : null}
      {apiKey.two_factor_required && apiKey.status === 'active' ? (
        <span className="text-xs font-medium whitespace-normal text-foreground">
          {t('apikeys.two_factor.row')}
        </span>
      ) : null}
    </span>
  );
}
