import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastMonthPace } from './forecast-pace';
import { formatDayAt } from './series';
import type { DailySeries } from './series';
import { buildSeries, createRandom, scaleDays } from './synthetic-series';

const START = '2024-01-01'; // a Monday; 2024-03-01 is index 60, 2024-04-01 index 91
const MARCH_FIRST = 60;
const MARCH_LAST = 90;

const sumRange = (values: readonly number[], first: number, last: number) =>
  values.slice(first, last + 1).reduce((sum, value) => sum + value, 0);

describe('forecastMonthPace', () => {
  it('projects about 30 × the daily mean on day 10 of a 30-day month for a steady series', () => {
    const series = buildSeries({ seed: 21, days: 101, level: 200, weekendFactor: 1 });
    const asOf = 100;
    expect(formatDayAt(START, asOf)).toBe('2024-04-10');
    const pace = forecastMonthPace(series, asOf)!;
    expect(pace).not.toBeNull();
    expect(pace.daysLeft).toBe(20);
    expect(pace.monthToDate).toBe(sumRange(series.values, 91, 100));
    expect(pace.projected / (30 * 200)).toBeGreaterThan(0.96);
    expect(pace.projected / (30 * 200)).toBeLessThan(1.04);
    expect(pace.lower).toBeLessThan(pace.projected);
    expect(pace.upper).toBeGreaterThan(pace.projected);
    expect(pace.backtestError).toBeLessThan(0.05);
  });

  it('projects a constant series exactly, with no interval around it', () => {
    const series: DailySeries = {
      start: START,
      values: new Array<number>(101).fill(200),
      kind: 'count',
    };
    expect(forecastMonthPace(series, 100)).toEqual({
      monthToDate: 2000,
      projected: 6000,
      lower: 6000,
      upper: 6000,
      backtestError: 0,
      daysLeft: 20,
    });
  });

  it('brackets the real month total of a simulated seasonal, growing series', () => {
    const series = buildSeries({ seed: 4, days: MARCH_LAST + 1, level: 150, trendPerWeek: 0.01 });
    const asOf = MARCH_FIRST + 11; // 2024-03-12
    const pace = forecastMonthPace(series, asOf)!;
    const monthTotal = sumRange(series.values, MARCH_FIRST, MARCH_LAST);
    expect(pace.daysLeft).toBe(19);
    expect(pace.monthToDate).toBe(sumRange(series.values, MARCH_FIRST, asOf));
    expect(monthTotal).toBeGreaterThan(pace.lower);
    expect(monthTotal).toBeLessThan(pace.upper);
  });

  it('brackets the real month total about 95 % of the time (93–99 %: the parameters are estimated too)', () => {
    const random = createRandom(20_240_312);
    const seriesCount = 200;
    let covered = 0;
    let shown = 0;
    for (let run = 0; run < seriesCount; run += 1) {
      const series = buildSeries({
        seed: Math.floor(random() * 2 ** 31),
        days: MARCH_LAST + 1,
        level: Math.exp(Math.log(20) + random() * Math.log(100)),
        weekendFactor: 0.4 + random() * 0.6,
        trendPerWeek: (2 * random() - 1) * 0.02,
      });
      const pace = forecastMonthPace(series, MARCH_FIRST + 4 + Math.floor(random() * 20));
      if (pace === null) continue;
      shown += 1;
      const monthTotal = sumRange(series.values, MARCH_FIRST, MARCH_LAST);
      if (monthTotal >= pace.lower && monthTotal <= pace.upper) covered += 1;
    }
    console.info(
      `month pace 95 % interval coverage: ${((100 * covered) / shown).toFixed(1)} % of ${shown} ` +
        `shown projections (${seriesCount} series)`,
    );
    expect(shown).toBeGreaterThan(0.9 * seriesCount);
    expect(covered / shown).toBeGreaterThanOrEqual(0.93);
    expect(covered / shown).toBeLessThanOrEqual(0.99);
  });

  it('ignores the values after the as-of day', () => {
    const series = buildSeries({ seed: 9, days: MARCH_LAST + 1, level: 300 });
    const future = scaleDays(series, [80, 81, 82, 83, 84, 85], 10);
    expect(forecastMonthPace(future, 75)).toEqual(forecastMonthPace(series, 75));
  });

  it('reports the month-to-date total as the projection on the last day of the month', () => {
    const series = buildSeries({ seed: 10, days: MARCH_LAST + 1, level: 300 });
    const pace = forecastMonthPace(series, MARCH_LAST)!;
    const total = sumRange(series.values, MARCH_FIRST, MARCH_LAST);
    expect(pace).toMatchObject({ monthToDate: total, projected: total, daysLeft: 0 });
    expect([pace.lower, pace.upper]).toEqual([total, total]);
  });

  it('returns null with fewer than eight weeks of history', () => {
    const series = buildSeries({ seed: 12, days: 70, level: 300 });
    expect(forecastMonthPace(series, 54)).toBeNull(); // 55 days
    expect(forecastMonthPace(series, 55)).not.toBeNull(); // 56 days
  });

  it('returns null when the model missed the held-out four weeks by more than 25 %', () => {
    const series = buildSeries({ seed: 20, days: MARCH_LAST + 1, level: 300 });
    const heldOut = Array.from({ length: 28 }, (_, offset) => MARCH_LAST - offset);
    const jumped = scaleDays(series, heldOut, 3);
    expect(forecastMonthPace(series, MARCH_LAST)!.backtestError).toBeLessThan(0.05);
    expect(forecastMonthPace(jumped, MARCH_LAST)).toBeNull();
    // A smaller jump, +15 %, is within the tolerance and still shown.
    const nudged = forecastMonthPace(scaleDays(series, heldOut, 1.15), MARCH_LAST)!;
    expect(nudged.backtestError).toBeGreaterThan(0.1);
    expect(nudged.backtestError).toBeLessThan(0.25);
  });

  it('returns null for a series of zeros, which has nothing to be on pace for', () => {
    const series: DailySeries = {
      start: START,
      values: new Array<number>(80).fill(0),
      kind: 'count',
    };
    expect(forecastMonthPace(series, 79)).toBeNull();
  });

  it('rejects an as-of index outside the series', () => {
    const series = buildSeries({ seed: 14, days: 70, level: 300 });
    expect(() => forecastMonthPace(series, 70)).toThrow(RangeError);
    expect(() => forecastMonthPace(series, -1)).toThrow(RangeError);
    expect(() => forecastMonthPace(series, 60.5)).toThrow(RangeError);
  });

  it('scales projected, lower and upper with the data and leaves the backtest error unchanged', () => {
    const expectRelativelyClose = (actual: number, expected: number) =>
      expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-6 * Math.abs(expected) + 1e-12);
    let shownRuns = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 20, max: 2000, noNaN: true }),
        fc.double({ min: -0.02, max: 0.02, noNaN: true }),
        fc.integer({ min: 56, max: 120 }),
        fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
        fc.constantFrom('count' as const, 'money' as const),
        (seed, level, trendPerWeek, days, factor, kind) => {
          const series = buildSeries({ seed, days, level, trendPerWeek, kind, valuePerEvent: 25 });
          const scaled = { ...series, values: series.values.map((value) => value * factor) };
          const original = forecastMonthPace(series, days - 1);
          const result = forecastMonthPace(scaled, days - 1);
          expect(result === null).toBe(original === null);
          if (original === null || result === null) return;
          shownRuns += 1;
          for (const key of ['monthToDate', 'projected', 'lower', 'upper'] as const) {
            expectRelativelyClose(result[key], original[key] * factor);
          }
          expectRelativelyClose(result.backtestError, original.backtestError);
          expect(result.daysLeft).toBe(original.daysLeft);
        },
      ),
      { numRuns: 200 },
    );
    // The property is only worth something if most runs had a projection to scale.
    expect(shownRuns).toBeGreaterThan(150);
  });
});
