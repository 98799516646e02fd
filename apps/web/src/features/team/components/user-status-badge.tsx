import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@partner-portal/shared/team';
import { Badge } from '@/components/ui/badge';

// docs/product.md#screens-and-routes: verified green, registered blue, invited orange.
const VARIANTS = { verified: 'success', registered: 'info', invited: 'warning' } as const;

export function UserStatusBadge({
  status,
  expired = false,
}: {
  status: UserStatus;
  expired?: boolean;
}) {
  const { t } = useTranslation();
  return (
    // Wraps "link expired" under the badge rather than widen a narrow table or card.
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
      <Badge variant={VARIANTS[status]} data-status={status}>
        {t(`team.statuses.${status}`)}
      </Badge>
      {expired ? (
        <span className="text-xs text-muted-foreground">{t('team.statuses.expired')}</span>
      ) : null}
    </span>
  );
}
