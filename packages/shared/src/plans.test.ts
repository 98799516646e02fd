import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions';
import {
  effectivePlan,
  entitledPlan,
  findPlan,
  isPlusEligible,
  planAmountCents,
  isSubscriptionUsable,
  PLAN_IDS,
  PLANS,
  SUBSCRIPTION_STATUSES,
} from './plans';

describe('Plus rule (docs/product.md#states-and-transitions)', () => {
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
  it('lists the four documented plans, only the free one without a card', () => {
    expect(PLANS.map((p) => p.id)).toEqual([...PLAN_IDS]);
    expect(PLANS.filter((p) => !p.requiresCard).map((p) => p.id)).toEqual(['free_core']);
  });

  it('treats only active and trialing subscriptions as usable', () => {
    const usable = SUBSCRIPTION_STATUSES.filter((s) => isSubscriptionUsable(s));
    expect(usable).toEqual(['active', 'trialing']);
  });
});

describe('entitlement (docs/billing.md)', () => {
  it('is the subscribed plan while active or trialing, the free plan otherwise', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      const usable = status === 'active' || status === 'trialing';
      expect(effectivePlan('free_pro', status)).toBe(usable ? 'free_pro' : 'free_core');
    }
    expect(effectivePlan(null, 'active')).toBeNull();
    expect(effectivePlan('free_plus', null)).toBe('free_core');
  });

  it('prices per-seat plans by the seat, at least one', () => {
    const pro = findPlan('free_pro');
    const plus = findPlan('free_plus');
    if (!pro || !plus) throw new Error('catalogue changed');
    expect(pro.perSeat).toBe(true);
    expect(planAmountCents(pro, 3)).toBe(pro.price * 100 * 3);
    expect(planAmountCents(pro, 0)).toBe(pro.price * 100);
    expect(planAmountCents(plus, 7)).toBe(plus.price * 100);
  });
});

describe('entitledPlan', () => {
  it('gives members the usable plan, and an operator the subscribed one as it is', () => {
    expect(entitledPlan('admin', 'free_plus_ai', 'active')).toBe('free_plus_ai');
    expect(entitledPlan('user', 'free_plus_ai', 'canceled')).toBe('free_core');
    expect(entitledPlan('master', 'free_plus_ai', 'canceled')).toBe('free_plus_ai');
    expect(entitledPlan('owner', null, 'active')).toBeNull();
    expect(entitledPlan('master', undefined, null)).toBeNull();
  });
});
