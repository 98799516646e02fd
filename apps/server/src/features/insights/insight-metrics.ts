/**
 * The insight metrics as daily series of the loaded data: the report's five sums, and margin
 * (revenue − payout) worked out per day. Also what each metric's noise floor and volume gate are.
 */
import type { InsightMetric, VolumeFloors } from '@partner-portal/shared/insight-rules';
import type { LeafDay, MetricSums, SegmentSeries } from './insight-data';
import type { DailySeries, MetricKind } from './engine/series';

const MONEY_METRICS: ReadonlySet<InsightMetric> = new Set(['revenue', 'payout', 'margin']);

export function metricKind(metric: InsightMetric): MetricKind {
  return MONEY_METRICS.has(metric) ? 'money' : 'count';
}

function readMetric(sums: MetricSums, metric: InsightMetric): number {
  return metric === 'margin' ? sums.revenue - sums.payout : sums[metric];
}

export function metricSeries(
  series: SegmentSeries,
  metric: InsightMetric,
  start: string,
): DailySeries {
  const values =
    metric === 'margin'
      ? series.values.revenue.map((revenue, day) => revenue - (series.values.payout[day] ?? 0))
      : series.values[metric];
  return { start, values, kind: metricKind(metric) };
}

/**
 * Money per conversion over the segment's history, so a money metric's noise floor is that of
 * the conversions behind it; 1 (currency units as events) without conversions to go by.
 */
export function valuePerEvent(series: SegmentSeries, metric: InsightMetric): number {
  if (metricKind(metric) === 'count') return 1;
  const conversions = sum(series.values.conversions);
  const { revenue, payout } = series.values;
  const money = Math.abs(
    metric === 'margin' ? sum(revenue) - sum(payout) : sum(series.values[metric as 'revenue']),
  );
  return conversions > 0 && money > 0 ? Math.max(1, money / conversions) : 1;
}

/** The volume floor of `metric` for a scope whose usual day (mean of 4 weeks) is `typicalDay`. */
export function volumeFloor(
  metric: InsightMetric,
  typicalDay: number,
  floors: VolumeFloors,
): number {
  if (metricKind(metric) === 'count') return floors[metric as keyof VolumeFloors];
  return Math.max(floors.money, floors.moneyShare * Math.abs(typicalDay));
}

/** The sum of values[from, to), leaving out days that were not read (NaN). */
export function sum(values: readonly number[], from = 0, to = values.length): number {
  let total = 0;
  for (let index = Math.max(0, from); index < Math.min(to, values.length); index += 1) {
    const value = values[index];
    if (value !== undefined && Number.isFinite(value)) total += value;
  }
  return total;
}

export function leafValue(leaf: LeafDay, metric: InsightMetric): number {
  return readMetric(leaf.sums, metric);
}
