import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions';
import {
  billableSeats,
  effectivePlan,
  entitledPlan,
  findPlan,
  isPlusEligible,
  planAmountCents,
  planRank,
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

  it('prices per-seat plans by the seat, never fewer than the plan’s minimum', () => {
    const pro = findPlan('free_pro');
    const plus = findPlan('free_plus');
    if (!pro || !plus) throw new Error('catalogue changed');
    expect(pro.perSeat).toBe(true);
    expect(billableSeats(pro, 7)).toBe(7);
    expect(planAmountCents(pro, 7)).toBe(pro.price * 100 * 7);
    for (const members of [0, 1, pro.minSeats]) {
      expect(planAmountCents(pro, members)).toBe(pro.price * 100 * pro.minSeats);
    }
    expect(planAmountCents(plus, 7)).toBe(plus.price * 100);
  });
});

describe('price order (docs/billing.md "Prices")', () => {
  /** Far more members than any account has; the rule is checked at every count up to it. */
  const MAX_MEMBERS = 1_000;
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  it(`every plan costs more than each plan below it, at every member count 1..${MAX_MEMBERS}`, () => {
    const broken: string[] = [];
    for (let members = 1; members <= MAX_MEMBERS; members++) {
      PLANS.forEach((higher, rank) => {
        for (const lower of PLANS.slice(0, rank)) {
          const [up, down] = [planAmountCents(higher, members), planAmountCents(lower, members)];
          if (up <= down) {
            broken.push(
              `${members} member(s): ${higher.id} ${money(up)} ≤ ${lower.id} ${money(down)}`,
            );
          }
        }
      });
    }
    // The first few are enough to read what went wrong.
    expect(broken.slice(0, 5)).toEqual([]);
  });

  it('lists the plans in the order they rank', () => {
    expect(PLANS.map((plan) => planRank(plan.id))).toEqual(PLANS.map((_, index) => index));
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
