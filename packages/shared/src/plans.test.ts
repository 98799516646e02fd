import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions';
import {
  isPlusEligible,
  isSubscriptionUsable,
  PLAN_IDS,
  PLANS,
  SUBSCRIPTION_STATUSES,
} from './plans';

describe('Plus rule (spec §4)', () => {
  for (const permission of PERMISSIONS) {
    for (const plan of PLAN_IDS) {
      for (const enable_plus of [true, false]) {
        const planQualifies = plan !== 'free_core';
        const expected = permission === 'advertiser' ? enable_plus && planQualifies : planQualifies;
        it(`${permission} on ${plan} with enable_plus=${enable_plus} → ${expected}`, () => {
          expect(isPlusEligible({ permission, plan, enable_plus })).toBe(expected);
        });
      }
    }
  }

  it('never qualifies without a plan', () => {
    expect(isPlusEligible({ permission: 'owner', plan: null })).toBe(false);
  });
});

describe('plan catalogue', () => {
  it('lists the four spec plans, only the free one without a card', () => {
    expect(PLANS.map((p) => p.id)).toEqual([...PLAN_IDS]);
    expect(PLANS.filter((p) => !p.requiresCard).map((p) => p.id)).toEqual(['free_core']);
  });

  it('treats only active and trialing subscriptions as usable', () => {
    const usable = SUBSCRIPTION_STATUSES.filter((s) => isSubscriptionUsable(s));
    expect(usable).toEqual(['active', 'trialing']);
  });
});
