/**
 * Day-level anomalies: is a day far from what that weekday usually is? Each day is compared with
 * the same weekday of the previous weeks only, so a weekly rhythm (quiet weekends, busy Mondays)
 * is part of the baseline and never an anomaly in itself.
 */
import {
  MAD_TO_SIGMA,
  benjaminiHochberg,
  median,
  medianAbsoluteDeviation,
  twoSidedNormalPValue,
} from './robust-stats';
import { formatDayAt } from './series';
import { twoSidedStudentTPValue } from './student-t';
import type { DailySeries } from './series';

/** Four weeks of history give the four same-weekday values a baseline needs at the least. */
export const MIN_HISTORY_DAYS = 28;
/** Eight weeks: long enough for a stable median, short enough to follow a trend and seasons. */
const BASELINE_WEEKS = 8;
const MIN_BASELINE_VALUES = 4;
/** Below a 5 % spread, day-to-day wobble of a large, very regular segment would read as news. */
const RELATIVE_SPREAD_FLOOR = 0.05;

export interface AnomalyOptions {
  /** How many of the latest days to test (default 7). */
  window?: number;
  /**
   * For kind 'money': the typical amount per underlying event (an order, a conversion), so the
   * noise floor is the Poisson noise of the events rather than of the currency units (default 1).
   */
  valuePerEvent?: number;
}

/** One day tested against its baseline; every test is returned so a caller can correct for all. */
export interface AnomalyTest {
  index: number;
  date: string;
  actual: number;
  expected: number;
  /** Robust z: (actual − expected) / spread. */
  z: number;
  /** Relative change: (actual − expected) / expected. */
  delta: number;
  /**
   * Two-sided p-value of z: Student's t with (baseline days − 1) degrees of freedom when the
   * baseline's own spread set the scale, the normal when a noise floor did (a known quantity).
   */
  pValue: number;
}

export interface FlagOptions {
  /** False-discovery rate across all the tests given (default 0.01). */
  q?: number;
  /** Least |z| worth reporting (default 3.5). */
  minZ?: number;
  /** Least |Δ| worth reporting (default 0.2): a significant 3 % wobble is not news. */
  minDelta?: number;
  /** Least max(actual, expected), in the series' units: small numbers are noisy and unimportant. */
  minVolume: number;
}

/** The noise a day of this size has even when nothing happened: Poisson in the events behind it. */
function measureNoiseFloor(series: DailySeries, expected: number, valuePerEvent: number): number {
  if (series.kind === 'count') return Math.sqrt(expected);
  return Math.sqrt(expected / valuePerEvent) * valuePerEvent;
}

/** What a day of this weekday usually is, and how far it usually strays; null without a baseline. */
export interface DayBaseline {
  expected: number;
  spread: number;
  /**
   * How many same-weekday values set the spread, when they did (Student's t then applies);
   * null when the series' pooled wobble or a noise floor set it.
   */
  sampleSize: number | null;
}

/** Weeks of a series' history whose day-to-day wobble is pooled (see measurePooledSpread). */
const POOLED_WEEKS = 8;

function sameWeekdayValues(series: DailySeries, index: number): number[] {
  const baseline: number[] = [];
  for (let week = 1; week <= BASELINE_WEEKS && index - 7 * week >= 0; week += 1) {
    const value = series.values[index - 7 * week];
    // A missing (non-finite) day is left out rather than treated as zero.
    if (value !== undefined && Number.isFinite(value)) baseline.push(value);
  }
  return baseline;
}

/**
 * How far this series' days usually stray from their baseline, relative to it: the robust spread
 * of (day / its same-weekday median − 1) over up to eight weeks before `end`. Eight values say
 * little about a spread; fifty-odd say a lot, so a day's own baseline cannot look calm by chance
 * in a series that is noisy all the time. Null with fewer than two weeks of residuals.
 */
export function measurePooledSpread(series: DailySeries, end: number): number | null {
  const residuals: number[] = [];
  for (let index = Math.max(0, end - 7 * POOLED_WEEKS); index < end; index += 1) {
    const value = series.values[index];
    const baseline = sameWeekdayValues(series, index);
    if (value === undefined || !Number.isFinite(value) || baseline.length < MIN_BASELINE_VALUES)
      continue;
    const expected = median(baseline);
    if (expected > 0) residuals.push(value / expected - 1);
  }
  if (residuals.length < 14) return null;
  const centre = median(residuals);
  return MAD_TO_SIGMA * median(residuals.map((residual) => Math.abs(residual - centre)));
}

/**
 * The median of the same weekday over the previous eight weeks and the robust spread around it,
 * floored by the metric's own noise, 5 % of expected and the series' pooled wobble. The sparkline's expected band is drawn
 * from this too, so the band and the test can never disagree.
 */
export function measureBaseline(
  series: DailySeries,
  index: number,
  valuePerEvent = 1,
  pooledSpread: number | null = null,
): DayBaseline | null {
  const baseline = sameWeekdayValues(series, index);
  if (baseline.length < MIN_BASELINE_VALUES) return null;
  const expected = median(baseline);
  // Without a positive baseline there is no relative change to speak of (and no Poisson floor).
  if (!(expected > 0)) return null;
  const residuals = baseline.map((value) => value - expected);
  const sampled = MAD_TO_SIGMA * medianAbsoluteDeviation(residuals);
  const floor = Math.max(
    measureNoiseFloor(series, expected, valuePerEvent),
    RELATIVE_SPREAD_FLOOR * expected,
    (pooledSpread ?? 0) * expected,
  );
  return sampled > floor
    ? { expected, spread: sampled, sampleSize: baseline.length }
    : { expected, spread: floor, sampleSize: null };
}

function testDay(
  series: DailySeries,
  index: number,
  valuePerEvent: number,
  pooledSpread: number | null,
): AnomalyTest | null {
  const actual = series.values[index];
  if (actual === undefined || !Number.isFinite(actual)) return null;
  const baseline = measureBaseline(series, index, valuePerEvent, pooledSpread);
  if (!baseline) return null;
  const { expected, spread, sampleSize } = baseline;
  const z = (actual - expected) / spread;
  // A spread measured on a few days is itself uncertain: the z is read as Student's t then.
  const pValue =
    sampleSize === null ? twoSidedNormalPValue(z) : twoSidedStudentTPValue(z, sampleSize - 1);
  return {
    index,
    date: formatDayAt(series.start, index),
    actual,
    expected,
    z,
    delta: (actual - expected) / expected,
    pValue,
  };
}

/** Tests each of the last `window` days that has enough history; days without are skipped. */
export function findAnomalies(series: DailySeries, options: AnomalyOptions = {}): AnomalyTest[] {
  const window = options.window ?? 7;
  const valuePerEvent = options.valuePerEvent ?? 1;
  if (!Number.isInteger(window) || window < 1) {
    throw new RangeError(`window must be a positive integer, got ${window}`);
  }
  if (!(valuePerEvent > 0 && Number.isFinite(valuePerEvent))) {
    throw new RangeError(`valuePerEvent must be positive, got ${valuePerEvent}`);
  }
  const tests: AnomalyTest[] = [];
  const first = Math.max(MIN_HISTORY_DAYS, series.values.length - window);
  // Pooled over the weeks before the tested days, so an anomaly cannot widen its own yardstick.
  const pooledSpread = measurePooledSpread(series, first);
  for (let index = first; index < series.values.length; index += 1) {
    const test = testDay(series, index, valuePerEvent, pooledSpread);
    if (test) tests.push(test);
  }
  return tests;
}

/**
 * The anomalies worth reporting out of every test of a run. Benjamini–Hochberg runs over all the
 * tests given (pass a whole run's, across segments, not one series' at a time) because thousands
 * of tests a day would otherwise produce alarms by chance alone; the z, Δ and volume gates then
 * drop what is significant but too small to matter. Generic so callers keep their own labels.
 */
export function flagAnomalies<T extends AnomalyTest>(
  tests: readonly T[],
  options: FlagOptions,
): T[] {
  const q = options.q ?? 0.01;
  const minZ = options.minZ ?? 3.5;
  const minDelta = options.minDelta ?? 0.2;
  const rejected = benjaminiHochberg(
    tests.map((test) => test.pValue),
    q,
  );
  return tests.filter(
    (test, position) =>
      rejected[position] === true &&
      Math.abs(test.z) >= minZ &&
      Math.abs(test.delta) >= minDelta &&
      Math.max(test.actual, test.expected) >= options.minVolume,
  );
}
