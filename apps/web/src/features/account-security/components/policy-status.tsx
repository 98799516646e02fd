import { Clock, ShieldCheck, ShieldOff } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { AccountSecurity } from '@partner-portal/shared/account-security';
import { Badge } from '@/components/ui/badge';
import { policyState, useDateTime } from './policy-values';

/** The badge for the card's title: whether the account requires 2FA now. */
export function PolicyBadge({ security }: { security: AccountSecurity }) {
  const { t } = useTranslation();
  return security.require_2fa ? (
    <Badge variant="success">{t('security.status.on')}</Badge>
  ) : (
    <Badge variant="secondary">{t('security.status.off')}</Badge>
  );
}

/**
 * docs/product.md#two-factor-policy as it stands: not required; required since when and until
 * when members without 2FA keep their access; or required with the deadline passed, so those
 * members can only set it up.
 */
export function PolicyStatus({ security }: { security: AccountSecurity }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const state = policyState(security);
  const { required_since: since, deadline } = security;

  if (state === 'off' || !deadline) {
    return (
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{t('security.status.off_detail')}</span>
      </p>
    );
  }
  const at = (iso: string) => <time dateTime={iso} className="font-medium text-foreground" />;
  return (
    <div className="grid gap-1.5 text-sm text-muted-foreground" data-state={state}>
      {since ? (
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
          <span>
            <Trans
              t={t}
              i18nKey="security.status.since"
              values={{ date: dateTime(since) }}
              components={{ time: at(since) }}
            />
          </span>
        </p>
      ) : null}
      <p className="flex items-start gap-2">
        <Clock
          aria-hidden
          className={
            state === 'grace'
              ? 'mt-0.5 size-4 shrink-0 text-warning'
              : 'mt-0.5 size-4 shrink-0 text-destructive'
          }
        />
        <span>
          <Trans
            t={t}
            i18nKey={state === 'grace' ? 'security.status.ahead' : 'security.status.passed'}
            values={{ date: dateTime(deadline) }}
            components={{ time: at(deadline) }}
          />
        </span>
      </p>
    </div>
  );
}
