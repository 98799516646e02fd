import type { AlertCondition, AlertMetric, AlertState } from '@partner-portal/shared/alerts';
import type { MetricTotals } from '@partner-portal/shared/report-data';
import { findAnomalies, flagAnomalies } from '../insights/engine/anomaly';

/*
 * The rule of an alert, apart from the database (docs/product.md#metric-alerts): what the
 * metric was on a day, whether the condition holds, and what the alert does about it. The
 * known-truth tests feed it generated series.
 */

/** One day's sums; a day without rows is all zeros. */
export type DayTotals = MetricTotals & { date: string };

/** `metric` over some days' sums; a ratio of nothing (no impressions) is null. */
function metricOf(metric: AlertMetric, days: readonly MetricTotals[]): number | null {
  const sum = (key: keyof MetricTotals) => days.reduce((total, day) => total + day[key], 0);
  switch (metric) {
    case 'margin':
      return sum('revenue') - sum('payout');
    case 'ctr':
      return sum('impressions') > 0 ? sum('clicks') / sum('impressions') : null;
    case 'cvr':
      return sum('clicks') > 0 ? sum('conversions') / sum('clicks') : null;
    default:
      return sum(metric);
  }
}

export interface Evaluation {
  met: boolean;
  /** The figure read: the day's value, or the window's for a weekly change. */
  value: number | null;
  /** What it was held against: the threshold, the earlier period, or the expected value. */
  comparison: number | null;
}

/**
 * Whether `condition` holds on the last day of `series` (consecutive days, oldest first, the
 * day evaluated last). Null when the data cannot say: a ratio of nothing, an earlier period of
 * zero, too little history for the anomaly test.
 */
export function evaluateCondition(
  metric: AlertMetric,
  condition: AlertCondition,
  series: readonly DayTotals[],
): Evaluation | null {
  const last = series.length - 1;
  if (last < 0) return null;
  switch (condition.type) {
    case 'threshold': {
      const value = metricOf(metric, [series[last]!]);
      if (value === null) return null;
      const met = condition.op === '<' ? value < condition.value : value > condition.value;
      return { met, value, comparison: condition.value };
    }
    case 'change': {
      const span = condition.window === 'day' ? 1 : 7;
      if (series.length < span * 2) return null;
      const value = metricOf(metric, series.slice(last + 1 - span));
      const before = metricOf(metric, series.slice(last + 1 - 2 * span, last + 1 - span));
      if (value === null || before === null || before === 0) return null;
      const change = ((value - before) / Math.abs(before)) * 100;
      const met = condition.pct < 0 ? change <= condition.pct : change >= condition.pct;
      return { met, value, comparison: before };
    }
    case 'anomaly': {
      const values = series.map((day) => metricOf(metric, [day]) ?? 0);
      const kind = metric === 'revenue' || metric === 'payout' || metric === 'margin';
      const tests = findAnomalies(
        { start: series[0]!.date, values, kind: kind ? 'money' : 'count' },
        { window: 1 },
      );
      const test = tests.find((entry) => entry.index === last);
      if (!test) return null;
      const flagged = flagAnomalies([test], { minVolume: kind ? 50 : 20 });
      return { met: flagged.length > 0, value: test.actual, comparison: test.expected };
    }
  }
}

/** Days of history each condition reads, the evaluated day included. */
export function historyDays(condition: AlertCondition): number {
  if (condition.type === 'threshold') return 1;
  if (condition.type === 'change') return condition.window === 'day' ? 2 : 14;
  // The anomaly test's baseline: eight weeks of the same weekday, and the tested day.
  return 8 * 7 + 1;
}

/**
 * What an evaluation does to an alert: it fires once when its condition comes to hold, stays
 * quiet while it keeps holding, and clears when it no longer does; a stopped alert that can see
 * its data again starts over from `ok`.
 */
export function nextState(
  state: AlertState,
  met: boolean,
): { state: AlertState; event: 'triggered' | 'cleared' | null } {
  if (met) return { state: 'triggered', event: state === 'triggered' ? null : 'triggered' };
  return { state: 'ok', event: state === 'triggered' ? 'cleared' : null };
}
