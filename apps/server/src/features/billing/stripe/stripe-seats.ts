import type Stripe from 'stripe';
import { billableSeats, findPlan, type PlanId } from '@partner-portal/shared/plans';

/*
 * The app speaks of an account's members; Stripe bills an item's quantity. The quantity sent is
 * the seats the plan bills for those members (docs/billing.md "Prices": one on a flat plan, never
 * fewer than the minimum on a per-seat plan), and the members are kept in the subscription's
 * metadata, so a later plan change bills the seats the new plan asks for.
 */

const MEMBERS_METADATA_KEY = 'members';

/** The item quantity that bills `plan` for an account of `members` members. */
export function quantityFor(plan: PlanId, members: number): number {
  const found = findPlan(plan);
  if (!found) throw new Error(`unknown plan ${plan}`);
  return billableSeats(found, members);
}

export function membersMetadata(members: number): Record<string, string> {
  return { [MEMBERS_METADATA_KEY]: String(members) };
}

/**
 * The members a subscription was last billed for. A subscription made before they were kept
 * holds them in its item's quantity, as the app used to send it.
 */
export function membersOf(subscription: Pick<Stripe.Subscription, 'metadata' | 'items'>): number {
  const kept = Number(subscription.metadata?.[MEMBERS_METADATA_KEY]);
  return Number.isInteger(kept) && kept > 0 ? kept : (subscription.items.data[0]?.quantity ?? 1);
}
