import { useEffect, useId, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@partner-portal/shared/constants';
import {
  REPORT_METRICS,
  type BreakdownQuery,
  type BreakdownResponse,
  type ReportDimension,
  type ReportRange,
} from '@partner-portal/shared/report-data';
import { Button } from '@/components/ui/button';
import { useCardLayout } from '@/components/ui/data-table-layout';
import type { EmbedApi } from './embed-api';
import { dimensionValueLabel } from './display-names';
import { useLoaded } from './use-loaded';
import { formatCount } from '@partner-portal/shared/report-format';
import { formatMetric, SORT_KEYS, type SortKey, type SortState } from './report-figures';
import { ReportTableCards } from './report-table-cards';

const PAGE_SIZE = 10;

/** A server-sorted, paginated breakdown with CSV export of every row in the session's scope. */
export function ReportTable({
  api,
  dimension,
  range,
  locale,
  onError,
}: {
  api: EmbedApi;
  dimension: ReportDimension;
  range: ReportRange;
  locale: Locale;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const cards = useCardLayout();
  // One sort for both layouts: the table's headers and the phone cards' select set it.
  const [sort, setSort] = useState<SortState>({
    key: 'revenue',
    dir: 'desc',
  });
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query: BreakdownQuery = {
    ...range,
    dimension,
    sort: sort.key,
    dir: sort.dir,
    page,
    page_size: PAGE_SIZE,
  };
  // A new range starts again at the first page.
  useEffect(() => setPage(1), [range.from, range.to]);
  const data = useLoaded<BreakdownResponse>(
    () => api.breakdown(query),
    JSON.stringify(query),
    onError,
  );

  const toggleSort = (key: SortKey) =>
    setSort((current) => ({
      key,
      dir: current.key === key && current.dir === 'desc' ? 'asc' : 'desc',
    }));
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const columns = SORT_KEYS;
  const title = t(`embed.dimensions.${dimension}`);
  const empty = data !== null && data.total === 0;

  return (
    // One column that may shrink (minmax(0, 1fr)): an auto column grew to its widest child's
    // content and pushed the phone cards past the section's edge.
    <section
      aria-labelledby={titleId}
      className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border bg-card p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {title}
        </h3>
        <Button
          variant="outline"
          size="sm"
          loading={exporting}
          disabled={empty}
          onClick={() => {
            setExporting(true);
            api
              .exportCsv(query)
              .catch(onError)
              .finally(() => setExporting(false));
          }}
        >
          <Download aria-hidden />
          {t('embed.table.export')}
        </Button>
      </div>
      {empty ? (
        <p className="rounded-md border border-dashed py-6 text-center text-sm text-muted-foreground">
          {t('embed.table.empty')}
        </p>
      ) : cards ? (
        // One layout at a time, as the app's DataTable does: both in the page (one hidden by CSS)
        // doubled the frame's first render, on the thread the host page shares.
        <ReportTableCards
          className="grid grid-cols-1 gap-3"
          rows={data?.rows ?? null}
          dimension={dimension}
          locale={locale}
          title={title}
          sort={sort}
          onSortChange={setSort}
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                {columns.map((column) => {
                  const active = sort.key === column;
                  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
                  return (
                    <th
                      key={column}
                      scope="col"
                      aria-sort={
                        active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'
                      }
                      className={column === 'key' ? 'py-2 pr-2' : 'py-2 pl-2 text-right'}
                    >
                      <button
                        type="button"
                        onClick={() => toggleSort(column)}
                        className="inline-flex items-center gap-1 rounded font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {column === 'key' ? title : t(`embed.metrics.${column}`)}
                        <Icon aria-hidden className="size-3" />
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody aria-busy={!data}>
              {!data
                ? Array.from({ length: 5 }, (_, index) => (
                    <tr key={index} className="border-b last:border-0">
                      <td colSpan={columns.length} className="py-2">
                        <div className="h-4 animate-pulse rounded bg-muted" />
                      </td>
                    </tr>
                  ))
                : data.rows.map((row) => (
                    <tr key={row.key} className="border-b align-top last:border-0">
                      <th
                        scope="row"
                        className="py-2 pr-2 text-left font-medium [overflow-wrap:anywhere]"
                      >
                        {dimensionValueLabel(locale, dimension, row.key)}
                      </th>
                      {REPORT_METRICS.map((metric) => (
                        <td
                          key={metric}
                          className="py-2 pl-2 text-right whitespace-nowrap tabular-nums"
                        >
                          {formatMetric(locale, metric, row[metric])}
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      )}
      {/* The pager comes with the rows: drawn under the placeholder rows, it would move down
          when the page's rows land, the workbook's last shift. */}
      {!data || empty ? null : (
        <div className="flex flex-wrap items-center justify-end gap-2 text-xs text-muted-foreground">
          <span aria-live="polite">
            {t('embed.table.page', {
              page: data.page,
              pages,
              count: data.total,
              total: formatCount(locale, data.total),
            })}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t('embed.table.previous')}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t('embed.table.next')}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </section>
  );
}
