/*
 * The plan catalogue and its rules without zod, so the web's first load (route guards) does not
 * download and build the whole schema library; plans.ts adds the schemas.
 */
import type { Permission } from './permission-rules';

export const PLAN_IDS = ['free_core', 'free_plus', 'free_plus_ai', 'free_pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_INTERVALS = ['month', 'year'] as const;

export interface Plan {
  id: PlanId;
  name: string;
  /** Whole currency units per interval, never negative. */
  price: number;
  currency: { code: string; symbol: string };
  interval: (typeof PLAN_INTERVALS)[number];
  requiresCard: boolean;
  /** Billed per member of the account (the price is per seat), with proration as they change. */
  perSeat: boolean;
  /** The fewest seats an interval bills, whatever the member count (1 on a flat plan). */
  minSeats: number;
}

/** The one plan catalogue (docs/product.md#what-the-product-does, docs/product.md#entities). Prices are in whole currency units per interval. */
export const PLANS: readonly Plan[] = [
  {
    id: 'free_core',
    name: 'Core',
    price: 0,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: false,
    perSeat: false,
    minSeats: 1,
  },
  {
    id: 'free_plus',
    name: 'Plus',
    price: 49,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: true,
    perSeat: false,
    minSeats: 1,
  },
  {
    id: 'free_plus_ai',
    name: 'Plus AI',
    price: 99,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: true,
    perSeat: false,
    minSeats: 1,
  },
  {
    id: 'free_pro',
    name: 'Pro',
    price: 39,
    currency: { code: 'usd', symbol: '$' },
    interval: 'month',
    requiresCard: true,
    perSeat: true,
    // docs/billing.md "Prices": 3 × $39 = $117, so Pro never costs less than Plus AI ($99).
    minSeats: 3,
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
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export function isSubscriptionUsable(status: SubscriptionStatus | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}

/**
 * The one entitlement rule (docs/billing.md "Entitlement"): an account has its subscribed plan
 * while the subscription is active or trialing — a cancellation takes effect at the period end,
 * when the status changes — and the free plan otherwise. No plan chosen yet stays null.
 */
export function effectivePlan(
  plan: PlanId | null | undefined,
  status: SubscriptionStatus | null | undefined,
): PlanId | null {
  if (plan == null) return null;
  return isSubscriptionUsable(status) ? plan : 'free_core';
}

/**
 * The plan whose features a member gets: an operator (master) sees the account's subscribed plan
 * as it is; everyone else gets `effectivePlan`. The server decides access with it, and the web
 * uses it to predict what an answer will look like.
 */
export function entitledPlan(
  permission: Permission,
  plan: PlanId | null | undefined,
  status: SubscriptionStatus | null | undefined,
): PlanId | null {
  return permission === 'master' ? (plan ?? null) : effectivePlan(plan, status);
}

/** Plans in the catalogue's order, cheapest first: a higher rank is an upgrade. */
export function planRank(id: PlanId): number {
  return PLAN_IDS.indexOf(id);
}

/** The plan single sign-on comes with (docs/product.md#single-sign-on); a smaller plan is 402 naming it. */
export const SSO_PLAN: PlanId = 'free_pro';

/** Whether `plan` (an entitled plan: see entitledPlan) includes single sign-on. */
export function includesSso(plan: PlanId | null | undefined): boolean {
  return plan != null && planRank(plan) >= planRank(SSO_PLAN);
}

/** The plan one step up the catalogue, or null at the top: what a page offers next. */
export function nextPlanUp(id: PlanId): PlanId | null {
  return PLAN_IDS[planRank(id) + 1] ?? null;
}

/** The plan's price in cents: an interval of a flat plan, or one seat of a per-seat plan. */
export function planUnitCents(plan: Plan): number {
  return Math.round(plan.price * 100);
}

/**
 * The seats an interval bills (docs/billing.md "Prices"): a per-seat plan bills its members, and
 * never fewer than its minimum; a flat plan bills one, whatever the members.
 */
export function billableSeats(plan: Plan, members: number): number {
  return plan.perSeat ? Math.max(plan.minSeats, members) : 1;
}

/** What one interval of a plan costs, in cents, for an account of `members` members. */
export function planAmountCents(plan: Plan, members: number): number {
  return planUnitCents(plan) * billableSeats(plan, members);
}

export interface PlusEligibilityInput {
  permission: Permission | null | undefined;
  plan: PlanId | null | undefined;
  enable_plus?: boolean | null | undefined;
}

/**
 * docs/product.md#states-and-transitions plus-feature rule: an advertiser without enable_plus never qualifies; otherwise the plan
 * must be free_plus, free_plus_ai or free_pro (free_core never sees Plus).
 */
export function isPlusEligible({ permission, plan, enable_plus }: PlusEligibilityInput): boolean {
  if (permission === 'advertiser' && !enable_plus) return false;
  return plan != null && PLUS_PLAN_IDS.includes(plan);
}

/** The plan outbound webhooks (and metric alerts) start at (docs/product.md#webhooks). */
export const WEBHOOKS_PLAN: PlanId = 'free_plus';

/** Whether `plan` (an entitled plan: see entitledPlan) includes outbound webhooks. */
export function includesWebhooks(plan: PlanId | null | undefined): boolean {
  return plan != null && planRank(plan) >= planRank(WEBHOOKS_PLAN);
}
