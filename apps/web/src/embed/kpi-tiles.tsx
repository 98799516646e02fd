import { Fragment } from 'react';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KpisResponse, ReportMetric } from '@partner-portal/shared/report-data';
import type { Locale } from '@partner-portal/shared/constants';
import { cn } from '@/lib/cn';
import {
  formatCount,
  formatMoney,
  formatPercent,
  percentChange,
} from '@partner-portal/shared/report-format';
import { kpiGridLayout } from './kpi-grid';

const TILES: readonly ReportMetric[] = [
  'impressions',
  'clicks',
  'conversions',
  'revenue',
  'payout',
];

const TILE = 'min-w-0 rounded-lg border p-3 sm:p-4';
const LABEL = 'text-xs font-medium text-muted-foreground';
// Sized by the frame's width (vw inside the iframe), so a tile beside the insights panel still
// holds "183.996,26 US$" on one line.
const VALUE =
  'mt-1 text-[clamp(0.9375rem,4.4vw,1.125rem)] font-semibold tabular-nums sm:text-[clamp(1.125rem,2.5vw,1.5rem)]';
const CHANGE = 'mt-1 flex items-center gap-1 text-xs tabular-nums';
// Figures of a typical width for the placeholder tiles, which take the shape of the ones to come.
const PLACEHOLDER_COUNT = 1_234_567;
const PLACEHOLDER_MONEY = 123_456.78;
const PLACEHOLDER_CHANGE = 0.123;

/**
 * A formatted figure that may wrap only between its number and its currency symbol, never inside
 * either ("182.256,45 U / S$" on a narrow phone tile was the fault): each part is unbreakable, and
 * the space between them stays outside the parts, where a line may break (inside a nowrap part it
 * could not, and "187.253,93 US$" stuck out of its tile).
 */
function Figure({ text }: { text: string }) {
  const parts = text.split(/[\s\u00a0\u202f]+/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? ' ' : null}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </>
  );
}

/** KPI tiles with the change against the same number of days just before the range. */
export function KpiTiles({
  kpis,
  locale,
  metrics = TILES,
}: {
  kpis: KpisResponse | null;
  locale: Locale;
  metrics?: readonly ReportMetric[];
}) {
  const { t } = useTranslation();
  const layout = kpiGridLayout(metrics.length);
  return (
    <section
      aria-label={t('embed.sections.kpis')}
      data-testid="kpi-grid"
      className={cn('grid gap-3', layout.grid)}
    >
      {metrics.map((metric, index) => {
        const span = index === metrics.length - 1 ? layout.last : undefined;
        if (!kpis) {
          // The loaded tile's own lines, unseen: as tall as the tile to come at every width and
          // in both languages, so nothing below moves when the figures land.
          return (
            <div
              key={metric}
              aria-hidden
              data-testid="kpi-placeholder"
              className={cn(TILE, 'animate-pulse bg-muted/50', span)}
            >
              <p className={cn(LABEL, 'invisible')}>{t(`embed.metrics.${metric}`)}</p>
              <p className={cn(VALUE, 'invisible')}>
                <Figure
                  text={
                    metric === 'revenue' || metric === 'payout'
                      ? formatMoney(locale, PLACEHOLDER_MONEY)
                      : formatCount(locale, PLACEHOLDER_COUNT)
                  }
                />
              </p>
              <p className={cn(CHANGE, 'invisible')}>
                <span className="size-3.5 shrink-0" />
                {t('embed.kpis.change', { change: formatPercent(locale, PLACEHOLDER_CHANGE) })}
              </p>
            </div>
          );
        }
        const value = kpis.current[metric];
        const money = metric === 'revenue' || metric === 'payout';
        const change = percentChange(value, kpis.previous[metric]);
        const Icon =
          change === null || change === 0 ? Minus : change > 0 ? ArrowUpRight : ArrowDownRight;
        return (
          <div key={metric} className={cn(TILE, 'bg-card', span)}>
            <p className={LABEL}>{t(`embed.metrics.${metric}`)}</p>
            <p className={VALUE} data-testid={`kpi-${metric}`}>
              <Figure text={money ? formatMoney(locale, value) : formatCount(locale, value)} />
            </p>
            <p
              className={cn(
                CHANGE,
                change === null || change === 0
                  ? 'text-muted-foreground'
                  : change > 0
                    ? 'text-emerald-700 dark:text-emerald-400'
                    : 'text-red-700 dark:text-red-400',
              )}
            >
              <Icon aria-hidden className="size-3.5" />
              {change === null
                ? t('embed.kpis.no_previous')
                : t('embed.kpis.change', { change: formatPercent(locale, change) })}
            </p>
          </div>
        );
      })}
    </section>
  );
}
