import { describe, expect, it } from 'vitest';
import { MIN_HISTORY_DAYS, findAnomalies, flagAnomalies } from './anomaly';
import type { AnomalyTest } from './anomaly';
import type { DailySeries } from './series';
import { buildSeries } from './synthetic-series';

const START = '2024-01-01'; // a Monday
const DAYS = 70; // ten weeks: the last index, 69, is a Sunday; 67 is a Friday

/** A series from explicit values, for hand-worked arithmetic. */
const seriesOf = (values: number[], kind: DailySeries['kind'] = 'count'): DailySeries => ({
  start: START,
  values,
  kind,
});

/** `weeks` weeks of a weekly pattern, then `tail` as the last days. */
function weeklySeries(pattern: number[], weeks: number, tail: number[] = []): number[] {
  return [...Array.from({ length: weeks }, () => pattern).flat(), ...tail];
}

describe('findAnomalies: the arithmetic', () => {
  it('compares a day with the median of the same weekday over the previous eight weeks', () => {
    // Nine weeks of Mondays; the oldest (1000) is beyond the eight-week baseline and ignored.
    const mondays = [1000, 100, 104, 96, 110, 90, 102, 98, 106];
    const values = mondays.flatMap((monday) => [monday, 50, 50, 50, 50, 20, 20]);
    values.push(200); // the tested Monday, index 63
    const [test] = findAnomalies(seriesOf(values), { window: 1 });
    // Baseline 100,104,96,110,90,102,98,106: median 101; residual MAD 4 → 1.4826·4 = 5.93;
    // √101 = 10.05 wins over 5.93 and over 5 % of 101 = 5.05.
    expect(test).toMatchObject({ index: 63, date: '2024-03-04', actual: 200, expected: 101 });
    expect(test!.z).toBeCloseTo(99 / Math.sqrt(101), 10);
    expect(test!.delta).toBeCloseTo(99 / 101, 10);
    expect(test!.pValue).toBeLessThan(1e-20);
  });

  it('uses the MAD when the history is noisier than Poisson', () => {
    const mondays = [100, 140, 60, 120, 80, 130, 70, 100];
    const values = mondays.flatMap((monday) => [monday, 1, 1, 1, 1, 1, 1]);
    values.push(160);
    const [test] = findAnomalies(seriesOf(values), { window: 1 });
    // Median 100; |residuals| 0,40,40,20,20,30,30,0 → MAD 25 → spread 37.065 (> √100, > 5).
    expect(test!.expected).toBe(100);
    expect(test!.z).toBeCloseTo(60 / (1.4826 * 25), 10);
  });

  it('falls back to 5 % of the expected value for large, very regular counts', () => {
    const values = weeklySeries([10_000, 10_000, 10_000, 10_000, 10_000, 6000, 6000], 8, [13_000]);
    const [test] = findAnomalies(seriesOf(values), { window: 1 });
    // MAD 0 and √10000 = 100 are both below 5 % = 500.
    expect(test!.z).toBeCloseTo(3000 / 500, 10);
  });

  it('takes the money noise floor from the events behind the amount', () => {
    const values = weeklySeries([4000, 4000, 4000, 4000, 4000, 2400, 2400], 8, [4600]);
    const [perEuro] = findAnomalies(seriesOf(values, 'money'), { window: 1 });
    const [perOrder] = findAnomalies(seriesOf(values, 'money'), { window: 1, valuePerEvent: 40 });
    // valuePerEvent 1: √4000 = 63.2 is below 5 % = 200. 40 per order: √100 · 40 = 400.
    expect(perEuro!.z).toBeCloseTo(600 / 200, 10);
    expect(perOrder!.z).toBeCloseTo(600 / 400, 10);
    // For counts valuePerEvent has no meaning and is ignored.
    const [count] = findAnomalies(seriesOf(values), { window: 1, valuePerEvent: 40 });
    expect(count!.z).toBeCloseTo(3, 10);
  });
});

describe('findAnomalies: which days are tested', () => {
  it('makes no test at all with fewer than 28 days of history', () => {
    const series = buildSeries({ seed: 1, days: MIN_HISTORY_DAYS, level: 400 });
    expect(findAnomalies(series)).toEqual([]);
    expect(findAnomalies({ ...series, values: [] })).toEqual([]);
    // One more day and exactly that day (28 days of history, four same weekdays) is tested.
    const longer = buildSeries({ seed: 1, days: MIN_HISTORY_DAYS + 1, level: 400 });
    expect(findAnomalies(longer).map((test) => test.index)).toEqual([MIN_HISTORY_DAYS]);
  });

  it('tests the last `window` days (default 7), oldest first', () => {
    const series = buildSeries({ seed: 2, days: DAYS, level: 400 });
    expect(findAnomalies(series).map((test) => test.index)).toEqual([63, 64, 65, 66, 67, 68, 69]);
    expect(findAnomalies(series, { window: 3 }).map((test) => test.date)).toEqual([
      '2024-03-08',
      '2024-03-09',
      '2024-03-10',
    ]);
  });

  it('skips a day with fewer than four usable same-weekday values or no positive baseline', () => {
    const values = buildSeries({ seed: 3, days: DAYS, level: 400 }).values;
    // Knock out five of the last Sunday's eight baseline values (missing data).
    for (const week of [1, 2, 3, 4, 5]) values[69 - 7 * week] = Number.NaN;
    // The Saturday has only zeros behind it: no relative change can be stated.
    for (let week = 1; week <= 8; week += 1) values[68 - 7 * week] = 0;
    const tested = findAnomalies(seriesOf(values)).map((test) => test.index);
    expect(tested).toEqual([63, 64, 65, 66, 67]);
  });

  it('refuses a meaningless window or valuePerEvent', () => {
    const series = buildSeries({ seed: 4, days: DAYS, level: 400 });
    expect(() => findAnomalies(series, { window: 0 })).toThrow(RangeError);
    expect(() => findAnomalies(series, { window: 1.5 })).toThrow(RangeError);
    expect(() => findAnomalies(series, { valuePerEvent: 0 })).toThrow(RangeError);
  });
});

describe('flagAnomalies', () => {
  const test = (overrides: Partial<AnomalyTest>): AnomalyTest => ({
    index: 63,
    date: '2024-03-04',
    actual: 1000,
    expected: 400,
    z: 30,
    delta: 1.5,
    pValue: 1e-12,
    ...overrides,
  });

  it('keeps a significant, large, big-enough change', () => {
    expect(flagAnomalies([test({})], { minVolume: 100 })).toHaveLength(1);
  });

  it('applies each gate on its own', () => {
    expect(flagAnomalies([test({ z: 3.49 })], { minVolume: 100 })).toEqual([]);
    expect(flagAnomalies([test({ z: -3.5, delta: -0.2 })], { minVolume: 100 })).toHaveLength(1);
    expect(flagAnomalies([test({ delta: 0.19 })], { minVolume: 100 })).toEqual([]);
    expect(flagAnomalies([test({ actual: 99, expected: 40 })], { minVolume: 100 })).toEqual([]);
    // A drop counts the expected value as its volume.
    expect(
      flagAnomalies([test({ actual: 10, expected: 400, z: -20, delta: -0.975 })], {
        minVolume: 100,
      }),
    ).toHaveLength(1);
    expect(flagAnomalies([test({ z: 4, delta: 0.3 })], { minVolume: 100, minZ: 5 })).toEqual([]);
    expect(flagAnomalies([test({ delta: 0.3 })], { minVolume: 100, minDelta: 0.5 })).toEqual([]);
  });

  it('corrects for the number of tests in the run', () => {
    // p = 1e-4 stands out in a run of 7 tests (0.01/7 = 1.4e-3) but not among 1000 (1e-5).
    const lone = test({ pValue: 1e-4, z: 3.9 });
    const quiet = test({ pValue: 0.5, z: 0.6, delta: 0.05 });
    expect(
      flagAnomalies([lone, ...Array.from({ length: 6 }, () => quiet)], { minVolume: 0 }),
    ).toEqual([lone]);
    expect(
      flagAnomalies([lone, ...Array.from({ length: 999 }, () => quiet)], { minVolume: 0 }),
    ).toEqual([]);
  });

  it('returns the caller’s own objects, labels included', () => {
    const labelled = { ...test({}), segment: 'acme/clicks' };
    expect(flagAnomalies([labelled], { minVolume: 0 })[0]?.segment).toBe('acme/clicks');
  });
});
