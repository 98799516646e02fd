/**
 * "On pace for X this month": what the month has brought so far plus a Holt–Winters forecast of
 * its remaining days, shown only when the same model would have forecast the last four weeks
 * well. A projection that recently missed by more than a quarter is noise with a number on it.
 */
import {
  Z_95,
  fitHoltWinters,
  forecastHoltWinters,
  forecastSumStandardDeviation,
} from './holt-winters';
import type { HoltWintersParams } from './holt-winters';
import { formatDayAt } from './series';
import type { DailySeries } from './series';

const BACKTEST_DAYS = 28;
/** Eight weeks: four held out for the backtest, and at least four to fit before them. */
const MIN_HISTORY_DAYS = 56;
/** Beyond a 25 % miss over the held-out four weeks, the projection is hidden. */
const MAX_BACKTEST_ERROR = 0.25;

export interface MonthPace {
  /** Sum of the month's days up to and including the as-of day. */
  monthToDate: number;
  /** monthToDate plus the forecast of the month's remaining days. */
  projected: number;
  /** 95 % bounds of the projected month total. */
  lower: number;
  upper: number;
  /** |Σ forecast − Σ actual| / Σ actual over the four weeks held out before the as-of day. */
  backtestError: number;
  /** Days of the month after the as-of day. */
  daysLeft: number;
}

interface RemainingForecast {
  mean: number;
  lower: number;
  upper: number;
}

function assertAsOfIndex(series: DailySeries, asOfIndex: number): void {
  if (!Number.isInteger(asOfIndex) || asOfIndex < 0 || asOfIndex >= series.values.length) {
    throw new RangeError(
      `As-of index must be a day of the series (0…${series.values.length - 1}), got ${asOfIndex}`,
    );
  }
}

/** Day of the month (1-based) and the month's length, in UTC, for a YYYY-MM-DD date. */
function readMonthPosition(date: string): { dayOfMonth: number; daysInMonth: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Day 0 of the next month is the last day of this one; `month` is 1-based, Date.UTC's 0-based.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { dayOfMonth: day, daysInMonth };
}

function sumValues(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

/**
 * The sum of the next `days` forecasts with its 95 % interval (forecastSumStandardDeviation).
 * None of the sums go below zero, as counts and amounts cannot.
 */
function forecastRemaining(
  values: readonly number[],
  days: number,
  params?: HoltWintersParams,
): RemainingForecast & { params: HoltWintersParams } {
  const fit = fitHoltWinters(values, params);
  const mean = sumValues(forecastHoltWinters(fit, days).map((step) => step.mean));
  const deviation = forecastSumStandardDeviation(fit, days);
  return {
    params: fit.params,
    mean: Math.max(0, mean),
    lower: Math.max(0, mean - Z_95 * deviation),
    upper: Math.max(0, mean + Z_95 * deviation),
  };
}

/**
 * The month's projected total as of values[asOfIndex] (later values are ignored), or null when
 * there are fewer than eight weeks of history up to that day or the backtest misses by more than
 * 25 %. The backtest fits the history before the last four weeks, forecasts those four weeks and
 * compares the sums; the parameters it chose are the ones the projection then uses, so the check
 * is of the very model whose number is shown, and the grid search runs once, not twice.
 */
export function forecastMonthPace(series: DailySeries, asOfIndex: number): MonthPace | null {
  assertAsOfIndex(series, asOfIndex);
  const history = series.values.slice(0, asOfIndex + 1);
  if (history.length < MIN_HISTORY_DAYS) return null;

  const trainingDays = history.length - BACKTEST_DAYS;
  const backtest = forecastRemaining(history.slice(0, trainingDays), BACKTEST_DAYS);
  const heldOutSum = sumValues(history.slice(trainingDays));
  // A month of nothing has no relative error to speak of: nothing to be on pace for.
  const backtestError =
    heldOutSum > 0 ? Math.abs(backtest.mean - heldOutSum) / heldOutSum : Infinity;
  if (!(backtestError <= MAX_BACKTEST_ERROR)) return null;

  const { dayOfMonth, daysInMonth } = readMonthPosition(formatDayAt(series.start, asOfIndex));
  // Eight weeks of history always reach back to the first of the month.
  const monthToDate = sumValues(history.slice(history.length - dayOfMonth));
  const daysLeft = daysInMonth - dayOfMonth;
  const remaining = forecastRemaining(history, daysLeft, backtest.params);
  return {
    monthToDate,
    projected: monthToDate + remaining.mean,
    lower: monthToDate + remaining.lower,
    upper: monthToDate + remaining.upper,
    backtestError,
    daysLeft,
  };
}
