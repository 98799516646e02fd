import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '@partner-portal/shared/plans';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<SubscriptionStatus, 'success' | 'info' | 'warning' | 'error'> = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  incomplete: 'warning',
  unpaid: 'error',
  canceled: 'error',
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(`billing.status.${status}`)}</Badge>;
}
