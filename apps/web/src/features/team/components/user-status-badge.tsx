import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@partner-portal/shared/team';
import { Badge } from '@/components/ui/badge';

// Spec §2: verified green, registered blue, invited orange.
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
    <span className="inline-flex items-center gap-1.5">
      <Badge variant={VARIANTS[status]} data-status={status}>
        {t(`team.statuses.${status}`)}
      </Badge>
      {expired ? (
        <span className="text-xs text-muted-foreground">{t('team.statuses.expired')}</span>
      ) : null}
    </span>
  );
}
