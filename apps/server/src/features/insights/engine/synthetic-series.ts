/**
 * Test support only (imported by the *.test.ts files beside it, never by the app): synthetic
 * daily series with a known truth, from a seeded generator so that every failure replays.
 */
import type { DailySeries, MetricKind } from './series';

/** mulberry32: tiny and good enough for simulations; the same seed gives the same series. */
export function createRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Box–Muller; 1 − u keeps the logarithm away from 0. */
export function drawNormal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Knuth's product method where it is exact and cheap; above that the normal approximation, whose
 * tails are close enough to Poisson's at that size for a false-alarm measurement.
 */
function drawPoisson(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean < 60) {
    const limit = Math.exp(-mean);
    let count = 0;
    let product = random();
    while (product > limit) {
      count += 1;
      product *= random();
    }
    return count;
  }
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * drawNormal(random)));
}

export interface SyntheticOptions {
  seed: number;
  days: number;
  /** Expected events on a weekday at day 0. */
  level: number;
  kind?: MetricKind;
  /** Money per event for kind 'money'. */
  valuePerEvent?: number;
  /** Weekend volume as a share of a weekday's: 0.6 is "weekends 40 % lower". */
  weekendFactor?: number;
  /** Compound growth per week, e.g. 0.02 for +2 %/week. */
  trendPerWeek?: number;
  /** Day-to-day variation of the rate itself (coefficient of variation), beyond Poisson's. */
  overdispersion?: number;
  start?: string;
}

const DAY_MS = 86_400_000;

export function isWeekend(start: string, index: number): boolean {
  const weekday = new Date(Date.parse(`${start}T00:00:00Z`) + index * DAY_MS).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Expected events per day before noise: weekly seasonality times trend. */
function expectedEvents(options: SyntheticOptions, index: number): number {
  const start = options.start ?? '2024-01-01';
  const weekend = isWeekend(start, index) ? (options.weekendFactor ?? 0.6) : 1;
  return options.level * weekend * (1 + (options.trendPerWeek ?? 0)) ** (index / 7);
}

export function buildSeries(options: SyntheticOptions): DailySeries {
  const random = createRandom(options.seed);
  const kind = options.kind ?? 'count';
  const valuePerEvent = options.valuePerEvent ?? 1;
  const values = Array.from({ length: options.days }, (_, index) => {
    const rate = expectedEvents(options, index);
    const wobble = Math.max(0, 1 + (options.overdispersion ?? 0) * drawNormal(random));
    const events = drawPoisson(random, rate * wobble);
    // Money to the cent, each event's amount varying ±20 % around valuePerEvent.
    if (kind === 'money') {
      const amount =
        events * valuePerEvent * (1 + (0.2 * drawNormal(random)) / Math.sqrt(events + 1));
      return Math.max(0, Math.round(amount * 100) / 100);
    }
    return events;
  });
  return { start: options.start ?? '2024-01-01', values, kind };
}

/** A copy of the series with values[index] multiplied by factor (an injected truth). */
export function scaleDays(series: DailySeries, indexes: number[], factor: number): DailySeries {
  const values = [...series.values];
  for (const index of indexes) values[index] = (values[index] ?? 0) * factor;
  return { ...series, values };
}
