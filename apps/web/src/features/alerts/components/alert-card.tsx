import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@partner-portal/shared/alerts';
import { toLocale } from '@partner-portal/shared/constants';
import { Banner } from '@/components/ui/banner';
import { Card } from '@/components/ui/card';
import { formatCell } from '@/components/ui/data-table-model';
import { RowActionsMenu } from '@/components/ui/data-table-row-actions';
import { AlertChannels } from './alert-channels';
import { formatAlertValue, formatDay, ruleSentence } from './alert-format';
import { AlertHistoryPanel } from './alert-history-panel';
import { AlertStateBadges } from './alert-state-badges';
import { useAlertActions } from './use-alert-actions';

/**
 * One alert: its name, its rule in words, where it stands, how it tells its owner, what it last
 * read, its actions, and its history when opened. A stopped alert says why.
 */
export function AlertCard({
  alert,
  historyOpen,
  onShowHistory,
  onHideHistory,
  onEdit,
}: {
  alert: Alert;
  historyOpen: boolean;
  onShowHistory: () => void;
  onHideHistory: () => void;
  onEdit: (alert: Alert) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const id = useId();
  const titleId = `${id}-title`;
  const title = useRef<HTMLHeadingElement>(null);
  const actions = useAlertActions(alert, { onEdit, onHistory: onShowHistory });

  const hideHistory = () => {
    onHideHistory();
    // The Hide button goes with the panel: the reader goes back to the alert it belonged to.
    title.current?.focus();
  };

  return (
    <Card aria-labelledby={titleId} role="group" className="grid gap-4 p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <h2
            ref={title}
            id={titleId}
            tabIndex={-1}
            className="text-base font-semibold [overflow-wrap:anywhere] outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {alert.name}
          </h2>
          <p className="text-sm [overflow-wrap:anywhere]" data-testid="alert-rule">
            {ruleSentence(t, locale, alert)}
          </p>
        </div>
        <RowActionsMenu label={t('alerts.actions.menu', { name: alert.name })} actions={actions} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <AlertStateBadges alert={alert} />
        <AlertChannels channels={alert.channels} />
      </div>
      {alert.state === 'stopped' ? (
        <Banner variant="warning" title={t('alerts.card.stopped_title')}>
          {t('alerts.card.stopped_body')}
        </Banner>
      ) : null}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-muted-foreground">{t('alerts.card.last_value')}</dt>
          <dd>
            {alert.last_value !== null && alert.last_day
              ? t('alerts.card.value_on', {
                  value: formatAlertValue(locale, alert.metric, alert.last_value),
                  day: formatDay(locale, alert.last_day),
                })
              : t('alerts.card.not_checked')}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-muted-foreground">{t('alerts.card.last_triggered')}</dt>
          <dd>
            {alert.last_triggered_at
              ? formatCell(alert.last_triggered_at, 'datetime')
              : t('alerts.card.never')}
          </dd>
        </div>
      </dl>
      {historyOpen ? (
        <AlertHistoryPanel id={`${id}-history`} alert={alert} onHide={hideHistory} />
      ) : null}
    </Card>
  );
}
