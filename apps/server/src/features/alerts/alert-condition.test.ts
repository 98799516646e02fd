import { describe, expect, it } from 'vitest';
import type { AlertCondition, AlertMetric, AlertState } from '@partner-portal/shared/alerts';
import { evaluateCondition, historyDays, nextState, type DayTotals } from './alert-condition';

/*
 * Known truth (docs/product.md#metric-alerts): on generated series whose answer is known by
 * construction, a threshold alert fires exactly on the days the series crosses it, a change
 * alert exactly on an injected drop, and a steady series triggers nothing over 1,000
 * evaluations. Each evaluation runs as the service runs it: the condition on the history ending
 * at the day, then the state machine.
 */

/** A seeded generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayOf = (index: number) =>
  new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);

/** Days whose revenue is `revenue(i)`; the other metrics follow it. */
function seriesOf(length: number, revenue: (index: number) => number): DayTotals[] {
  return Array.from({ length }, (_, index) => {
    const value = revenue(index);
    return {
      date: dayOf(index),
      revenue: value,
      payout: value * 0.6,
      conversions: Math.round(value / 40),
      clicks: Math.round(value / 2),
      impressions: Math.round(value * 20),
    };
  });
}

/** Evaluates every day from `first` on, as the day-close job would; the days it fired. */
function firedDays(
  series: DayTotals[],
  metric: AlertMetric,
  condition: AlertCondition,
  first = historyDays(condition) - 1,
): string[] {
  let state: AlertState = 'ok';
  const fired: string[] = [];
  for (let index = first; index < series.length; index += 1) {
    const history = series.slice(Math.max(0, index + 1 - historyDays(condition)), index + 1);
    const result = evaluateCondition(metric, condition, history);
    if (!result) continue;
    const next = nextState(state, result.met);
    if (next.event === 'triggered') fired.push(series[index]!.date);
    state = next.state;
  }
  return fired;
}

/** A weekly rhythm with 5 % noise around `level`. */
const steady = (level: number, seed: number) => {
  const next = random(seed);
  return (index: number) =>
    level * (1 + 0.15 * Math.sin((2 * Math.PI * index) / 7)) * (1 + (next() - 0.5) * 0.1);
};

describe('a threshold alert', () => {
  it('fires on exactly the days the series crosses below it, once per crossing', () => {
    // Revenue is 1,000 except on three spells, each starting on a known day.
    const dips = new Map([
      [10, 3],
      [40, 1],
      [70, 5],
    ]);
    const low = new Set<number>();
    for (const [start, length] of dips) for (let d = 0; d < length; d += 1) low.add(start + d);
    const series = seriesOf(100, (index) => (low.has(index) ? 600 : 1_000));
    expect(firedDays(series, 'revenue', { type: 'threshold', op: '<', value: 800 })).toEqual(
      [10, 40, 70].map(dayOf),
    );
  });

  it('fires above, and on a ratio (CTR as a fraction)', () => {
    const series = seriesOf(30, () => 1_000).map((day, index) =>
      index === 12 ? { ...day, clicks: day.impressions * 0.08 } : day,
    );
    // CTR is 0.025 every day but the 12th (0.08).
    expect(firedDays(series, 'ctr', { type: 'threshold', op: '>', value: 0.05 })).toEqual([
      dayOf(12),
    ]);
  });
});

describe('a change alert', () => {
  it('fires on the injected drop, day over day, and not on the recovery', () => {
    const base = steady(10_000, 7);
    const series = seriesOf(120, (index) => (index === 77 ? base(index) * 0.5 : base(index)));
    expect(firedDays(series, 'revenue', { type: 'change', window: 'day', pct: -30 })).toEqual([
      dayOf(77),
    ]);
  });

  it('fires on a week-over-week fall of the weekly sums', () => {
    const base = steady(5_000, 11);
    // From day 60 on, conversions run at 60 % of their level.
    const series = seriesOf(90, (index) => (index >= 60 ? base(index) * 0.6 : base(index)));
    const fired = firedDays(series, 'conversions', { type: 'change', window: 'week', pct: -25 });
    // With k days of the new level in it the weekly sum is about 0.4·k/7 below the week
    // before: 22.9 % at k = 4, 28.6 % at k = 5, so it fires on day 64, once for the spell.
    expect(fired).toEqual([dayOf(64)]);
  });
});

describe('a steady series', () => {
  it('triggers nothing over 1,000 evaluations of each kind of condition', () => {
    const series = seriesOf(1_000 + 57, steady(20_000, 3));
    const conditions: [AlertMetric, AlertCondition][] = [
      ['revenue', { type: 'threshold', op: '<', value: 12_000 }],
      ['revenue', { type: 'threshold', op: '>', value: 30_000 }],
      ['margin', { type: 'change', window: 'day', pct: -40 }],
      ['clicks', { type: 'change', window: 'day', pct: 40 }],
      ['conversions', { type: 'change', window: 'week', pct: -15 }],
      ['revenue', { type: 'anomaly' }],
      ['clicks', { type: 'anomaly' }],
    ];
    for (const [metric, condition] of conditions) {
      // The last 1,000 days, each with its full history behind it.
      expect(firedDays(series, metric, condition, 57), JSON.stringify(condition)).toEqual([]);
    }
  });

  it('but the anomaly test does fire on a spike in it', () => {
    const base = steady(20_000, 5);
    const series = seriesOf(200, (index) => (index === 150 ? base(index) * 2 : base(index)));
    expect(firedDays(series, 'revenue', { type: 'anomaly' }, 57)).toEqual([dayOf(150)]);
  });
});

describe('the state machine', () => {
  it('fires once while the condition holds, clears when it stops, fires again after', () => {
    const steps = [true, true, false, false, true].map((met) => met);
    let state: AlertState = 'ok';
    const events = steps.map((met) => {
      const next = nextState(state, met);
      state = next.state;
      return next.event;
    });
    expect(events).toEqual(['triggered', null, 'cleared', null, 'triggered']);
  });

  it('cannot say without data: a ratio of nothing, an earlier period of zero', () => {
    const empty = seriesOf(2, () => 0);
    expect(evaluateCondition('ctr', { type: 'threshold', op: '<', value: 0.1 }, empty)).toBeNull();
    expect(
      evaluateCondition('revenue', { type: 'change', window: 'day', pct: -10 }, empty),
    ).toBeNull();
  });
});
