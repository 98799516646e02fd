import { describe, expect, it } from 'vitest';
import { findMover } from './mover';
import type { DailySeries } from './series';
import { buildSeries, createRandom, scaleDays } from './synthetic-series';
import type { SyntheticOptions } from './synthetic-series';

const LAST_WEEK = [63, 64, 65, 66, 67, 68, 69];

const seriesOf = (values: number[], kind: DailySeries['kind'] = 'count'): DailySeries => ({
  start: '2024-01-01',
  values,
  kind,
});

/** Seven equal days per weekly total: week-level arithmetic without daily noise. */
const weeksOf = (totals: number[]) => totals.flatMap((total) => Array<number>(7).fill(total / 7));

/** A +60 % (or other) last week on a series; the segment is 10 % of the metric's total. */
function moveLastWeek(series: DailySeries, factor: number) {
  const moved = scaleDays(series, LAST_WEEK, factor);
  const after = LAST_WEEK.reduce((sum, index) => sum + moved.values[index]!, 0);
  return { moved, totalLast7: after * 10 };
}

describe('findMover: the arithmetic', () => {
  it('compares the last 7 days with the 7 before, against the segment’s weekly history', () => {
    // Seven flat history weeks (changes all 0, so the MAD is 0), then 700 → 1120.
    const result = findMover(seriesOf(weeksOf([700, 700, 700, 700, 700, 700, 700, 700, 1120])), {
      totalLast7: 10_000,
    });
    // Spread: the Poisson floor √(2/700) = 0.0535 beats the 2.5 % floor.
    expect(result).toMatchObject({ before: 700, after: 1120, direction: 'up' });
    expect(result!.delta).toBeCloseTo(0.6, 12);
    expect(result!.z).toBeCloseTo(0.6 / Math.sqrt(2 / 700), 9);
  });

  it('scales the money noise floor by valuePerEvent', () => {
    const values = weeksOf([70_000, 70_000, 70_000, 70_000, 70_000, 70_000, 70_000, 80_500]);
    // +15 %: 1 per event → floor 2.5 %, z = 6; 100 per event → √(2/700) = 0.0535, z = 2.8.
    expect(findMover(seriesOf(values, 'money'), { totalLast7: 100_000 })!.z).toBeCloseTo(6, 9);
    expect(
      findMover(seriesOf(values, 'money'), { totalLast7: 100_000, valuePerEvent: 100 }),
    ).toBeNull();
  });

  it('centres on the segment’s usual change, so steady growth is not a mover', () => {
    const growing = (rate: number, lastRate: number) => {
      const totals = Array.from({ length: 9 }, (_, week) => 10_000 * (1 + rate) ** week);
      totals.push(totals[8]! * (1 + lastRate));
      return seriesOf(weeksOf(totals));
    };
    expect(findMover(growing(0.12, 0.12), { totalLast7: 100_000 })).toBeNull();
    expect(findMover(growing(0.12, 0.4), { totalLast7: 100_000 })).toMatchObject({
      direction: 'up',
    });
    // After weeks of +30 %, a +12 % week is unusual only downwards: not reported as "up".
    expect(findMover(growing(0.3, 0.12), { totalLast7: 1e6 })).toBeNull();
  });

  it('reports a fall as a mover down', () => {
    const result = findMover(seriesOf(weeksOf([700, 700, 700, 700, 700, 700, 700, 700, 350])), {
      totalLast7: 10_000,
    });
    expect(result).toMatchObject({ before: 700, after: 350, delta: -0.5, direction: 'down' });
    expect(result!.z).toBeLessThan(-4);
  });

  it('needs at least four weekly changes before the last two weeks', () => {
    const base = buildSeries({ seed: 1, days: 49, level: 400 });
    const moved = scaleDays(base, [42, 43, 44, 45, 46, 47, 48], 1.6);
    // 49 days: 5 history weeks, 4 changes.
    expect(findMover(moved, { totalLast7: 50_000 })).not.toBeNull();
    // 48 days: 4 whole history weeks, 3 changes.
    expect(
      findMover({ ...moved, values: moved.values.slice(1) }, { totalLast7: 50_000 }),
    ).toBeNull();
  });

  it('gives no mover without a last fortnight or from an empty week', () => {
    expect(findMover(seriesOf([1, 2, 3]), { totalLast7: 10 })).toBeNull();
    const fromNothing = weeksOf([700, 700, 700, 700, 700, 700, 0, 700]);
    expect(findMover(seriesOf(fromNothing), { totalLast7: 1000 })).toBeNull();
  });

  it('refuses a meaningless total or valuePerEvent', () => {
    const series = seriesOf(weeksOf([700, 700, 700, 700, 700, 700, 700, 1120]));
    expect(() => findMover(series, { totalLast7: -1 })).toThrow(RangeError);
    expect(() => findMover(series, { totalLast7: Number.NaN })).toThrow(RangeError);
    expect(() => findMover(series, { totalLast7: 1e4, valuePerEvent: 0 })).toThrow(RangeError);
  });
});

describe('findMover on synthetic series', () => {
  it('finds a +60 % week on a steady segment', () => {
    const { moved, totalLast7 } = moveLastWeek(buildSeries({ seed: 2, days: 70, level: 400 }), 1.6);
    const result = findMover(moved, { totalLast7 });
    expect(result).toMatchObject({ direction: 'up' });
    expect(result!.delta).toBeGreaterThan(0.45);
    expect(result!.delta).toBeLessThan(0.75);
    expect(result!.z).toBeGreaterThanOrEqual(4);
  });

  it('finds no mover in ordinary weekly noise, though the same segments would show a real move', () => {
    const random = createRandom(99);
    let movers = 0;
    let detected = 0;
    const segments = 500;
    for (let segment = 0; segment < segments; segment += 1) {
      const options: SyntheticOptions = {
        seed: Math.floor(random() * 2 ** 31),
        days: 63 + Math.floor(random() * 28),
        level: 50 + random() * 2000,
        kind: segment % 2 === 0 ? 'count' : 'money',
        valuePerEvent: 30,
        trendPerWeek: (2 * random() - 1) * 0.02,
        overdispersion: random() * 0.1,
      };
      const series = buildSeries(options);
      const last = series.values.length - 1;
      const after = series.values.slice(-7).reduce((sum, value) => sum + value, 0);
      if (findMover(series, { totalLast7: after * 10, valuePerEvent: 30 })) movers += 1;
      const lastWeek = Array.from({ length: 7 }, (_, day) => last - day);
      const moved = scaleDays(series, lastWeek, 1.6);
      if (findMover(moved, { totalLast7: after * 16, valuePerEvent: 30 })) detected += 1;
    }
    console.info(`movers in clean segments: ${movers} of ${segments}; +60 % found in ${detected}`);
    expect(movers).toBe(0);
    expect(detected).toBe(segments);
  });

  it('finds no mover in a segment whose weeks always swing widely', () => {
    // Weekly totals swinging ±20–40 %: a +40 % week is within its habits.
    const swings = [1, 1.3, 0.8, 1.25, 0.75, 1.3, 0.8, 1.2, 1, 1.4].map((f) => f * 2800);
    expect(findMover(seriesOf(weeksOf(swings)), { totalLast7: 40_000 })).toBeNull();
    // The same +40 % on a steady segment is a mover.
    const steady = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1.4].map((f) => f * 2800);
    expect(findMover(seriesOf(weeksOf(steady)), { totalLast7: 40_000 })).not.toBeNull();
  });

  it('finds no mover in a segment below 0.5 % of the total', () => {
    const { moved } = moveLastWeek(buildSeries({ seed: 3, days: 70, level: 400 }), 1.6);
    const after = LAST_WEEK.reduce((sum, index) => sum + moved.values[index]!, 0);
    expect(findMover(moved, { totalLast7: after / 0.004 })).toBeNull();
    expect(findMover(moved, { totalLast7: after / 0.006 })).not.toBeNull();
    expect(findMover(moved, { totalLast7: after / 0.004, minShare: 0.001 })).not.toBeNull();
  });
});
