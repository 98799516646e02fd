import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Alert, AlertHistoryEntry } from '@partner-portal/shared/alerts';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DataTableCards } from '@/components/ui/data-table-cards';
import { DataTableGrid } from '@/components/ui/data-table-grid';
import { useCardLayout } from '@/components/ui/data-table-layout';
import type { DataTableViewProps } from '@/components/ui/data-table-view';
import { useAlertHistory } from '../api/alerts';
import { historyEntryLabel, useHistoryColumns } from './history-columns';

const noSort = () => undefined;

/**
 * What one alert did, newest first (the server keeps the last ALERT_HISTORY_MAX): a table (cards
 * on a phone). Opened from the actions menu, it takes focus so the reader lands on it.
 */
export function AlertHistoryPanel({
  id,
  alert,
  onHide,
}: {
  id: string;
  alert: Alert;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const history = useAlertHistory(alert.id);
  const columns = useHistoryColumns(alert.metric);
  const cards = useCardLayout();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `${id}-heading`;

  useEffect(() => heading.current?.focus(), []);

  const view: DataTableViewProps<AlertHistoryEntry> = {
    columns,
    rows: history.data ?? [],
    getRowId: (entry) => `${entry.at}-${entry.event}`,
    getRowLabel: (entry) => historyEntryLabel(t, entry),
    caption: t('alerts.history.caption', { name: alert.name }),
    loading: history.isPending,
    empty: history.isPending
      ? t('alerts.history.loading')
      : history.isError
        ? ''
        : t('alerts.history.empty'),
    sort: null,
    onSortChange: noSort,
  };

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-3 border-t border-border pt-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('alerts.history.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('alerts.history.description')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onHide}>
          <X aria-hidden />
          {t('alerts.history.hide')}
        </Button>
      </div>
      {history.isError ? (
        <Banner
          variant="error"
          title={t('alerts.history.load_failed')}
          action={
            <Button
              variant="outline"
              size="sm"
              loading={history.isFetching}
              onClick={() => void history.refetch()}
            >
              {t('alerts.retry')}
            </Button>
          }
        >
          {history.error.message}
        </Banner>
      ) : null}
      {/* The box the column priorities measure (container queries). */}
      <div className="@container grid grid-cols-1">
        {cards ? <DataTableCards {...view} headingLevel={4} /> : <DataTableGrid {...view} />}
      </div>
    </section>
  );
}
