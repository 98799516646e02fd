import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AlertHistoryEntry, AlertMetric } from '@partner-portal/shared/alerts';
import { toLocale } from '@partner-portal/shared/constants';
import { Badge } from '@/components/ui/badge';
import type { DataTableColumn } from '@/components/ui/data-table';
import { formatCell } from '@/components/ui/data-table-model';
import { formatAlertValue, formatDay } from './alert-format';

const EVENT_VARIANTS = { triggered: 'warning', cleared: 'success', stopped: 'secondary' } as const;

/** How an entry is named to screen readers: what happened and when. */
export function historyEntryLabel(t: TFunction, entry: AlertHistoryEntry): string {
  return t('alerts.history.row', {
    event: t(`alerts.history.events.${entry.event}`),
    time: formatCell(entry.at, 'datetime'),
  });
}

/**
 * An alert's history. When and what happened never give way; the data day and the value next,
 * then what it was held against, and whether its owner was told goes first as the card narrows
 * (a phone's cards show them all). Values are in the alert metric's own units.
 */
export function useHistoryColumns(metric: AlertMetric): DataTableColumn<AlertHistoryEntry>[] {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return useMemo(() => {
    const none = <span className="text-muted-foreground">{t('alerts.history.none')}</span>;
    const figure = (value: number | null) =>
      value === null ? none : formatAlertValue(locale, metric, value);
    return [
      {
        key: 'at',
        header: t('alerts.history.columns.at'),
        priority: 1,
        kind: 'datetime',
        accessor: (entry) => entry.at,
      },
      {
        key: 'event',
        header: t('alerts.history.columns.event'),
        priority: 1,
        accessor: (entry) => entry.event,
        cell: (entry) => (
          <Badge variant={EVENT_VARIANTS[entry.event]} data-event={entry.event}>
            {t(`alerts.history.events.${entry.event}`)}
          </Badge>
        ),
      },
      {
        key: 'day',
        header: t('alerts.history.columns.day'),
        priority: 2,
        accessor: (entry) => entry.day,
        cell: (entry) => formatDay(locale, entry.day),
      },
      {
        key: 'value',
        header: t('alerts.history.columns.value'),
        priority: 2,
        accessor: (entry) => entry.value,
        cell: (entry) => figure(entry.value),
      },
      {
        key: 'comparison',
        header: t('alerts.history.columns.comparison'),
        priority: 3,
        accessor: (entry) => entry.comparison,
        cell: (entry) => figure(entry.comparison),
      },
      {
        key: 'notified',
        header: t('alerts.history.columns.notified'),
        priority: 4,
        accessor: (entry) => entry.notified,
        cell: (entry) => t(entry.notified ? 'alerts.history.yes' : 'alerts.history.no'),
      },
    ];
  }, [t, locale, metric]);
}
