import { describe, expect, it } from 'vitest';
import { PLAN_IDS } from './plan-rules';
import { hasInsights, INSIGHT_METRICS, isGoodMove } from './insight-rules';

describe('insight rules', () => {
  it('gives insights to Plus AI and Pro only', () => {
    expect(PLAN_IDS.filter((plan) => hasInsights(plan))).toEqual(['free_plus_ai', 'free_pro']);
    expect(hasInsights(null)).toBe(false);
  });

  it('calls a partner’s rising payout bad and rising revenue, margin and traffic good', () => {
    expect(isGoodMove('payout', 'up', 'partner')).toBe(false);
    expect(isGoodMove('payout', 'down', 'partner')).toBe(true);
    for (const metric of ['revenue', 'margin', 'clicks', 'conversions', 'impressions'] as const) {
      expect(isGoodMove(metric, 'up', 'partner')).toBe(true);
      expect(isGoodMove(metric, 'down', 'partner')).toBe(false);
    }
  });

  it('judges only clicks and conversions for an advertiser, whose spend is the revenue', () => {
    const judged = INSIGHT_METRICS.filter(
      (metric) => isGoodMove(metric, 'up', 'advertiser') !== null,
    );
    expect(judged).toEqual(['clicks', 'conversions']);
    expect(isGoodMove('revenue', 'down', 'advertiser')).toBeNull();
  });
});
