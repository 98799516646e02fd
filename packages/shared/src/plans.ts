import { z } from 'zod';
import type { Permission } from './permissions';

export const PLAN_IDS = ['free_core', 'free_plus', 'free_plus_ai', 'free_pro'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanIdSchema>;

export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  price: z.number().nonnegative(),
  currency: z.object({ code: z.string(), symbol: z.string() }),
  interval: z.enum(['month', 'year']),
  requiresCard: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** The one plan catalogue (spec §1, §3). Prices are in whole currency units per interval. */
export const PLANS: readonly Plan[] = [
  {
    id: 'free_core',
    name: 'Core',
    price: 0,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: false,
  },
  {
    id: 'free_plus',
    name: 'Plus',
    price: 49,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: true,
  },
  {
    id: 'free_plus_ai',
    name: 'Plus AI',
    price: 99,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: true,
  },
  {
    id: 'free_pro',
    name: 'Pro',
    price: 199,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: true,
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export const PLUS_PLAN_IDS: readonly PlanId[] = ['free_plus', 'free_plus_ai', 'free_pro'];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export function isSubscriptionUsable(status: SubscriptionStatus | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}

export interface PlusEligibilityInput {
  permission: Permission | null | undefined;
  plan: PlanId | null | undefined;
  enable_plus?: boolean | null | undefined;
}

/**
 * Spec §4 plus-feature rule: an advertiser without enable_plus never qualifies; otherwise the plan
 * must be free_plus, free_plus_ai or free_pro (free_core never sees Plus).
 */
export function isPlusEligible({ permission, plan, enable_plus }: PlusEligibilityInput): boolean {
  if (permission === 'advertiser' && !enable_plus) return false;
  return plan != null && PLUS_PLAN_IDS.includes(plan);
}
