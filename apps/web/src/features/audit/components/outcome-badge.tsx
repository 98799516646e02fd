import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@partner-portal/shared/audit';
import { Badge } from '@/components/ui/badge';

// The theme's status pairs, whose contrast the e2e axe checks hold in light and dark: a refusal
// is a warning (someone lacked the right), a failure an error (something went wrong).
const VARIANTS = { success: 'success', failure: 'error', denied: 'warning' } as const;

export function OutcomeBadge({ outcome }: { outcome: AuditEvent['outcome'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANTS[outcome]} data-outcome={outcome}>
      {t(`audit.outcomes.${outcome}`)}
    </Badge>
  );
}
