import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_STATUSES } from '@partner-portal/shared/plan-rules';
import { Badge } from '@/components/ui/badge';

const SUBSCRIPTION_VARIANT: Record<string, 'success' | 'info' | 'warning' | 'error'> = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  incomplete: 'warning',
  unpaid: 'error',
  canceled: 'error',
};

/** A subscription's status in words (the server's own word for one this screen does not know). */
export function SubscriptionBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!status) return <span className="text-muted-foreground">{t('master.none')}</span>;
  const known = (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
  return (
    <Badge variant={SUBSCRIPTION_VARIANT[status] ?? 'outline'} data-status={status}>
      {known ? t(`master.subscription_status.${status}`) : status}
    </Badge>
  );
}

/** Closed and disabled, on an account. */
export function AccountFlags({ closed, disabled }: { closed: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  if (!closed && !disabled) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {disabled ? <Badge variant="error">{t('master.flags.disabled')}</Badge> : null}
      {closed ? <Badge variant="secondary">{t('master.flags.closed')}</Badge> : null}
    </span>
  );
}

/** Disabled and operator, on a user. */
export function UserFlags({ disabled, master }: { disabled: boolean; master: boolean }) {
  const { t } = useTranslation();
  if (!disabled && !master) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {disabled ? <Badge variant="error">{t('master.flags.disabled')}</Badge> : null}
      {master ? <Badge variant="info">{t('master.flags.master')}</Badge> : null}
    </span>
  );
}

/** Yes or no, in words and colour (a "no" in grey, not red: it is not an error). */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={value ? 'success' : 'secondary'}>
      {value ? t('master.yes') : t('master.no')}
    </Badge>
  );
}
