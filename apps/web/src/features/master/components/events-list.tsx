import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useConsoleEvents } from '../api/events';
import { EventsFilterBar, useParseEventsDraft, type EventsDraft } from './events-filter-bar';
import { useEventColumns } from './event-columns';
import { PagedTable } from './paged-table';
import { useSearchState } from './use-search-state';

// Chart.js comes with the chart, after the list: never with the app's first load.
const EventsChart = lazy(() => import('./events-chart'));

const KEYS = ['name', 'account', 'email', 'from', 'to'] as const;

/** Product events: filters, the daily counts by name as a chart, and the paged list. */
export function EventsList() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(KEYS);
  const parse = useParseEventsDraft();
  // A hand-made address the contract refuses reads as no filter at all.
  const filters = useMemo(() => parse(values).filters ?? {}, [parse, values]);
  const list = useConsoleEvents(filters, page);
  const columns = useEventColumns();
  const counts = list.data?.counts;
  return (
    <div className="grid grid-cols-1 gap-4">
      <EventsFilterBar values={values} onApply={(draft: EventsDraft) => setFilters(draft)} />
      <Card role="region" aria-labelledby="events-chart-title">
        <CardHeader className="pb-2">
          <CardTitle id="events-chart-title">{t('master.events.chart_title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {!counts ? (
            <div
              className="h-64 animate-pulse rounded-lg bg-muted/50"
              data-testid="chart-loading"
            />
          ) : counts.names.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">
              {t('master.events.chart_empty')}
            </p>
          ) : (
            <Suspense
              fallback={
                <div
                  className="h-64 animate-pulse rounded-lg bg-muted/50"
                  data-testid="chart-loading"
                />
              }
            >
              <EventsChart counts={counts} />
            </Suspense>
          )}
        </CardContent>
      </Card>
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
        columns={columns}
        getRowId={(event) => event.id}
        getRowLabel={(event) => event.name}
        caption={t('master.events.caption')}
        empty={t('master.events.empty')}
        loadFailed={t('master.events.load_failed')}
      />
    </div>
  );
}
