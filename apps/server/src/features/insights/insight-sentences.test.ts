import { describe, expect, it } from 'vitest';
import type { InsightMetric } from '@partner-portal/shared/insight-rules';
import { describeInsight } from './insight-sentences';
import type { EngineInsight } from './insight-types';

/** A month-pace insight of `metric`, as the engine hands it to the sentences. */
const pace = (metric: InsightMetric, value: number): EngineInsight => ({
  type: 'pace',
  metric,
  segment: {},
  direction: 'up',
  good: true,
  value,
  expected: value / 1.1,
  delta: 0.1,
  z: null,
  confidence: 'high',
  interval: { low: value * 0.9, high: value * 1.1 },
  period: { from: '2026-11-01', to: '2026-11-30' },
  series: [],
  contributors: [],
  score: 1,
});

describe('the month pace in words', () => {
  it('counts a count and puts an amount in its metric', () => {
    expect(describeInsight('en', pace('conversions', 533))).toBe(
      'On pace for 533 conversions this month (480–586), +10% on last month.',
    );
    expect(describeInsight('en', pace('payout', 4_000))).toBe(
      'On pace for $4,000.00 in payouts this month ($3,600.00–$4,400.00), +10% on last month.',
    );
  });

  it('names the metric first in Spanish, whatever it is', () => {
    expect(describeInsight('es', pace('conversions', 533))).toBe(
      'Conversiones: a este ritmo, 533 este mes (480–586), +10\u00a0% respecto al mes pasado.',
    );
  });
});
