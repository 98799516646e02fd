/**
 * One viewer's insights as of a day, from the data loaded for them: every test of every series
 * is run, corrected for together, folded into stories (a level shift rather than three anomalies,
 * a driver for the total's change) and ranked. Pure: the same data always gives the same list.
 */
import {
  DEFAULT_VOLUME_FLOORS,
  isGoodMove,
  type InsightMetric,
  type InsightViewer,
  type VolumeFloors,
} from '@partner-portal/shared/insight-rules';
import { INSIGHT_SPARKLINE_DAYS } from '@partner-portal/shared/insights';
import {
  findAnomalies,
  flagAnomalies,
  measureBaseline,
  measurePooledSpread,
  type AnomalyTest,
} from './engine/anomaly';
import { explainChange } from './engine/drivers';
import { forecastMonthPace } from './engine/forecast-pace';
import { findLevelShift } from './engine/level-shift';
import { findMover } from './engine/mover';
import { formatDayAt, type DailySeries, type Direction } from './engine/series';
import {
  buildDriverRows,
  dayRange,
  findContributors,
  toContributors,
} from './insight-contributors';
import type { InsightData, SegmentSeries } from './insight-data';
import { metricSeries, sum, valuePerEvent, volumeFloor } from './insight-metrics';
import { scoreInsight } from './insight-score';
import type { EngineInsight, InsightPoint } from './insight-types';
import { keepOnePerStory } from './insight-stories';

export interface ComputeOptions {
  viewer: InsightViewer;
  /** How many of the latest days the anomaly test covers. */
  window: number;
  metrics: readonly InsightMetric[];
  /** The metric whose month-to-date pace is forecast. */
  paceMetric: InsightMetric;
  floors?: VolumeFloors;
  /** How many of the ranked insights to finish (sparkline, Why? rows) and answer; default all. */
  keep?: number;
}

const WEEK = 7;
/** |z| from which a test's finding is "high confidence"; the gate itself is 3.5 (anomaly) or 4. */
const HIGH_CONFIDENCE_Z = 6;
/** A projection whose backtest missed by less than this is "high confidence". */
const HIGH_CONFIDENCE_BACKTEST = 0.1;

interface LabelledTest extends AnomalyTest {
  series: number;
  metric: InsightMetric;
  minVolume: number;
}

function direction(delta: number): Direction {
  return delta >= 0 ? 'up' : 'down';
}

function confidenceOf(z: number): 'high' | 'medium' {
  return Math.abs(z) >= HIGH_CONFIDENCE_Z ? 'high' : 'medium';
}

/** The last four weeks with the band a day usually falls in (± two spreads of its baseline). */
function sparkline(series: DailySeries, perEvent: number): InsightPoint[] {
  const last = series.values.length - 1;
  const points: InsightPoint[] = [];
  const first = Math.max(0, last - INSIGHT_SPARKLINE_DAYS + 1);
  const pooled = measurePooledSpread(series, first);
  for (let index = first; index <= last; index += 1) {
    const baseline = measureBaseline(series, index, perEvent, pooled);
    const low = baseline ? baseline.expected - 2 * baseline.spread : null;
    points.push({
      date: formatDayAt(series.start, index),
      value: series.values[index] ?? 0,
      low: low !== null && series.kind === 'count' ? Math.max(0, low) : low,
      high: baseline ? baseline.expected + 2 * baseline.spread : null,
    });
  }
  return points;
}

interface MetricContext {
  metric: InsightMetric;
  total: DailySeries;
  /** Mean of the whole scope's last 28 days: what "a usual day" is for the share gates. */
  typicalDay: number;
  last: number;
}

export function computeInsights(data: InsightData, options: ComputeOptions): EngineInsight[] {
  const floors = options.floors ?? DEFAULT_VOLUME_FLOORS;
  const last = data.days - 1;
  const total = data.segments[0]!;
  const insights: EngineInsight[] = [];
  const tests: LabelledTest[] = [];
  const movers = new Map<string, EngineInsight>();
  const details: Details = new Map();
  const contexts = options.metrics.map((metric): MetricContext => {
    const totalSeries = metricSeries(total, metric, data.start);
    return {
      metric,
      total: totalSeries,
      typicalDay: sum(totalSeries.values, last - 27, last + 1) / 28,
      last,
    };
  });

  for (const context of contexts) {
    const { metric } = context;
    const minVolume = volumeFloor(metric, context.typicalDay, floors);
    // Margin can be negative (payouts above revenue): the share gate measures against its size.
    const totalLast7 = Math.abs(sum(context.total.values, last - WEEK + 1, last + 1));
    data.segments.forEach((segment, index) => {
      const series = metricSeries(segment, metric, data.start);
      const perEvent = valuePerEvent(segment, metric);
      for (const test of findAnomalies(series, {
        window: options.window,
        valuePerEvent: perEvent,
      })) {
        tests.push({ ...test, series: index, metric, minVolume });
      }
      if (index === 0) return;
      const mover = findMover(series, { totalLast7, valuePerEvent: perEvent });
      if (mover) {
        const candidate: EngineInsight = {
          ...base(metric, segment),
          type: 'mover',
          direction: mover.direction,
          good: isGoodMove(metric, mover.direction, options.viewer),
          value: mover.after,
          expected: mover.before,
          delta: mover.delta,
          z: mover.z,
          confidence: confidenceOf(mover.z),
          period: {
            from: formatDayAt(data.start, last - WEEK + 1),
            to: formatDayAt(data.start, last),
          },
          score: 0,
        };
        movers.set(
          `${index}:${metric}`,
          withDetails(details, candidate, series, perEvent, () =>
            findContributors(data.leaves, segment.segment, metric, lastTwoWeeks(last)),
          ),
        );
      }
    });
    const driver = explainTotal(data, options, context, details);
    if (driver) insights.push(driver);
  }

  insights.push(...foldAnomalies(data, options, tests, movers, details));
  insights.push(...movers.values());
  const pace = paceOf(data, options, details);
  if (pace) insights.push(pace);
  const totals = new Map(contexts.map((context) => [context.metric, context.typicalDay]));
  for (const insight of insights) insight.score = scoreInsight(insight, totals.get(insight.metric));
  const kept = keepOnePerStory(insights.sort((a, b) => b.score - a.score));
  return kept.slice(0, options.keep ?? kept.length).map((insight) => ({
    ...insight,
    ...details.get(insight)?.(),
  }));
}

function lastTwoWeeks(last: number) {
  return {
    before: dayRange(last - 2 * WEEK + 1, last - WEEK),
    after: dayRange(last - WEEK + 1, last),
  };
}

function base(metric: InsightMetric, segment: SegmentSeries) {
  return { metric, segment: segment.segment, interval: null, series: [], contributors: [] };
}

/**
 * What each candidate still needs once kept: its sparkline and its Why? rows. Worked out only for
 * the insights that survive the one-story rule, since a run weighs hundreds of candidates.
 */
type Details = Map<EngineInsight, () => Pick<EngineInsight, 'series' | 'contributors'>>;

function withDetails(
  details: Details,
  insight: EngineInsight,
  series: DailySeries,
  perEvent: number,
  contributors: () => EngineInsight['contributors'],
): EngineInsight {
  details.set(insight, () => ({
    series: sparkline(series, perEvent),
    contributors: contributors(),
  }));
  return insight;
}

/**
 * The driver insight: the whole scope's week-over-week change, when it is significant against the
 * scope's own history (the mover test on the total), with the segments that explain it.
 */
function explainTotal(
  data: InsightData,
  options: ComputeOptions,
  context: MetricContext,
  details: Details,
): EngineInsight | null {
  const { metric, total, last } = context;
  const totalSegment = data.segments[0]!;
  const perEvent = valuePerEvent(totalSegment, metric);
  const after = sum(total.values, last - WEEK + 1, last + 1);
  const change = findMover(total, {
    totalLast7: Math.abs(after),
    minShare: 0,
    valuePerEvent: perEvent,
  });
  if (!change) return null;
  const explanation = explainChange(buildDriverRows(data.leaves, {}, metric, lastTwoWeeks(last)), {
    totalIsSignificant: true,
  });
  const contributors = toContributors(explanation);
  const insight: EngineInsight = {
    ...base(metric, totalSegment),
    type: 'driver',
    direction: change.direction,
    good: isGoodMove(metric, change.direction, options.viewer),
    value: change.after,
    expected: change.before,
    delta: change.delta,
    z: change.z,
    confidence: confidenceOf(change.z),
    period: { from: formatDayAt(data.start, last - WEEK + 1), to: formatDayAt(data.start, last) },
    contributors,
    explains: explanation.explainsShare,
    score: 0,
  };
  return withDetails(details, insight, total, perEvent, () => contributors);
}

/**
 * Benjamini–Hochberg over every test of the run, then the gates; per series, three or more
 * flagged days of the week one way become one level shift, which also stands in for the series'
 * mover (the same change, told as it happened).
 */
function foldAnomalies(
  data: InsightData,
  options: ComputeOptions,
  tests: readonly LabelledTest[],
  movers: Map<string, EngineInsight>,
  details: Details,
): EngineInsight[] {
  const last = data.days - 1;
  const flagged = flagAnomalies(tests, { minVolume: 0 }).filter(
    (test) => Math.max(test.actual, test.expected) >= test.minVolume,
  );
  const bySeries = new Map<string, LabelledTest[]>();
  for (const test of flagged) {
    const key = `${test.series}:${test.metric}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), test]);
  }
  const insights: EngineInsight[] = [];
  for (const [key, seriesTests] of bySeries) {
    const { series: index, metric } = seriesTests[0]!;
    const segment = data.segments[index]!;
    const series = metricSeries(segment, metric, data.start);
    const perEvent = valuePerEvent(segment, metric);
    const { shift, remainingAnomalies } = findLevelShift(seriesTests, last);
    if (shift) {
      const days = seriesTests.filter((test) => test.index >= shift.firstIndex);
      const shiftDays = days.filter((test) => direction(test.delta) === shift.direction);
      const meanZ = shiftDays.reduce((total, test) => total + test.z, 0) / shiftDays.length;
      const firstDays = dayRange(shift.firstIndex, last);
      movers.delete(key);
      const insight: EngineInsight = {
        ...base(metric, segment),
        type: 'shift',
        direction: shift.direction,
        good: isGoodMove(metric, shift.direction, options.viewer),
        value: average(shiftDays.map((test) => test.actual)),
        expected: average(shiftDays.map((test) => test.expected)),
        delta: shift.meanDelta,
        z: meanZ,
        confidence: confidenceOf(meanZ),
        period: { from: shift.firstDate, to: formatDayAt(data.start, last) },
        days: shift.days,
        score: 0,
      };
      insights.push(
        withDetails(details, insight, series, perEvent, () =>
          findContributors(data.leaves, segment.segment, metric, {
            before: firstDays.map((day) => day - WEEK),
            after: firstDays,
          }),
        ),
      );
    }
    for (const test of remainingAnomalies) {
      const testDirection = direction(test.delta);
      const insight: EngineInsight = {
        ...base(metric, segment),
        type: 'anomaly',
        direction: testDirection,
        good: isGoodMove(metric, testDirection, options.viewer),
        value: test.actual,
        expected: test.expected,
        delta: test.delta,
        z: test.z,
        confidence: confidenceOf(test.z),
        period: { from: test.date, to: test.date },
        score: 0,
      };
      insights.push(
        withDetails(details, insight, series, perEvent, () =>
          findContributors(data.leaves, segment.segment, metric, {
            before: [test.index - WEEK],
            after: [test.index],
          }),
        ),
      );
    }
  }
  return insights;
}

function average(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0) / values.length;
}

/** The month's pace of the headline metric, against last month's total where the data holds it. */
function paceOf(
  data: InsightData,
  options: ComputeOptions,
  details: Details,
): EngineInsight | null {
  const metric = options.paceMetric;
  const total = data.segments[0]!;
  const series = metricSeries(total, metric, data.start);
  const last = data.days - 1;
  const pace = forecastMonthPace(series, last);
  if (!pace) return null;
  const asOf = formatDayAt(data.start, last);
  const dayOfMonth = Number(asOf.slice(8, 10));
  const previousMonthEnd = last - dayOfMonth;
  const previousMonthDays = Number(formatDayAt(data.start, previousMonthEnd).slice(8, 10));
  const previousMonth = sum(
    series.values,
    previousMonthEnd - previousMonthDays + 1,
    previousMonthEnd + 1,
  );
  const delta = previousMonth > 0 ? (pace.projected - previousMonth) / previousMonth : 0;
  const paceDirection = direction(delta);
  const insight: EngineInsight = {
    ...base(metric, total),
    type: 'pace',
    direction: paceDirection,
    good: delta === 0 ? null : isGoodMove(metric, paceDirection, options.viewer),
    value: pace.projected,
    expected: previousMonth,
    delta,
    z: null,
    confidence: pace.backtestError <= HIGH_CONFIDENCE_BACKTEST ? 'high' : 'medium',
    interval: { low: pace.lower, high: pace.upper },
    period: { from: `${asOf.slice(0, 8)}01`, to: asOf },
    score: 0,
  };
  return withDetails(details, insight, series, valuePerEvent(total, metric), () => []);
}
