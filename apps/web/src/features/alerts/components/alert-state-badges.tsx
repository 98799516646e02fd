import { useTranslation } from 'react-i18next';
import type { Alert } from '@partner-portal/shared/alerts';
import { Badge } from '@/components/ui/badge';
import { formatCell } from '@/components/ui/data-table-model';

/** Snoozed while its end is still ahead: a lapsed snooze the server has not cleared yet is over. */
export function isSnoozed(alert: Pick<Alert, 'snoozed_until'>, now = Date.now()): boolean {
  return alert.snoozed_until !== null && Date.parse(alert.snoozed_until) > now;
}

/**
 * Where the alert stands: OK, Triggered or Stopped, and Snoozed until … in place of OK (beside
 * Triggered, which a snooze only silences). A stopped alert is not checked, so nothing else.
 */
export function AlertStateBadges({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const snoozed = alert.state !== 'stopped' && isSnoozed(alert);
  return (
    <span className="flex flex-wrap items-center gap-1">
      {alert.state === 'stopped' ? (
        <Badge variant="secondary" data-state="stopped">
          {t('alerts.states.stopped')}
        </Badge>
      ) : null}
      {alert.state === 'triggered' ? (
        <Badge variant="warning" data-state="triggered">
          {t('alerts.states.triggered')}
        </Badge>
      ) : null}
      {snoozed && alert.snoozed_until ? (
        <Badge variant="info" data-state="snoozed">
          {t('alerts.states.snoozed', { date: formatCell(alert.snoozed_until, 'datetime') })}
        </Badge>
      ) : null}
      {alert.state === 'ok' && !snoozed ? (
        <Badge variant="success" data-state="ok">
          {t('alerts.states.ok')}
        </Badge>
      ) : null}
    </span>
  );
}
