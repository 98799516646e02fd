import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@partner-portal/shared/constants';
import type {
  BreakdownResponse,
  ReportDimension,
  ReportMetric,
} from '@partner-portal/shared/report-data';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { dimensionValueLabel } from './display-names';
import {
  formatMetric,
  PRIORITY,
  SECONDARY,
  SORT_KEYS,
  type SortDir,
  type SortKey,
  type SortState,
} from './report-figures';

const SKELETON_CARDS = 3;

/**
 * The phone layout of ReportTable: one card per row, sorted with a select (cards have no column
 * headers to click) that sets the same sort state as the table's headers. Revenue and payout lead;
 * the other figures follow as label/value pairs that wrap between pairs, never inside one.
 */
export function ReportTableCards({
  rows,
  dimension,
  locale,
  title,
  sort,
  onSortChange,
  className,
}: {
  /** null while the page loads. */
  rows: BreakdownResponse['rows'] | null;
  dimension: ReportDimension;
  locale: Locale;
  /** The dimension's name, as the table's first column header. */
  title: string;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const sortId = useId();
  const metricLabel = (metric: ReportMetric) => t(`embed.metrics.${metric}`);
  const sortLabel = (key: SortKey, dir: SortDir) =>
    key === 'key'
      ? t(dir === 'asc' ? 'embed.table.sort_az' : 'embed.table.sort_za', { column: title })
      : t(dir === 'desc' ? 'embed.table.sort_high' : 'embed.table.sort_low', {
          column: metricLabel(key),
        });
  // Names read A to Z first; figures highest first, as a header's first click sorts them.
  const options = SORT_KEYS.flatMap((key) =>
    (key === 'key' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const)).map((dir) => ({
      value: `${key}:${dir}`,
      label: sortLabel(key, dir),
    })),
  );

  return (
    <div className={className}>
      {/* The label above the select: beside it, a phone left the select too narrow for its text. */}
      <div className="grid gap-1.5">
        <Label htmlFor={sortId}>{t('embed.table.sort_by')}</Label>
        <Select
          id={sortId}
          value={`${sort.key}:${sort.dir}`}
          onValueChange={(value) => {
            const [key, dir] = value.split(':') as [SortKey, SortDir];
            onSortChange({ key, dir });
          }}
          options={options}
          className="[&>span:first-child]:truncate"
        />
      </div>
      {/* role="list": Safari drops the list role of a list styled without bullets. */}
      <ul role="list" aria-label={title} aria-busy={!rows} className="grid grid-cols-1 gap-2">
        {!rows
          ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={index} className="grid gap-2 rounded-md border p-3">
                <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
                <div className="h-6 animate-pulse rounded bg-muted" />
              </li>
            ))
          : rows.map((row) => (
              <li
                key={row.key}
                className="grid min-w-0 gap-2 rounded-md border bg-card p-3 text-sm text-card-foreground"
              >
                <h4 className="font-semibold [overflow-wrap:anywhere]">
                  {dimensionValueLabel(locale, dimension, row.key)}
                </h4>
                {/* Side by side while both fit; the second moves under the first rather than clip. */}
                <dl className="flex flex-wrap gap-x-6 gap-y-2" data-testid="priority-figures">
                  {PRIORITY.map((metric) => (
                    <div key={metric} className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">{metricLabel(metric)}</dt>
                      <dd className="text-base font-semibold whitespace-nowrap tabular-nums">
                        {formatMetric(locale, metric, row[metric])}
                      </dd>
                    </div>
                  ))}
                </dl>
                <dl
                  className="flex flex-wrap gap-x-4 gap-y-1 text-xs"
                  data-testid="secondary-figures"
                >
                  {SECONDARY.map((metric) => (
                    <div key={metric} className="flex gap-1 whitespace-nowrap">
                      <dt className="text-muted-foreground">{metricLabel(metric)}</dt>
                      <dd className="tabular-nums">{formatMetric(locale, metric, row[metric])}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
      </ul>
    </div>
  );
}
