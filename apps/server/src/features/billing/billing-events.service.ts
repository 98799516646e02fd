import { eq } from 'drizzle-orm';
import { findPlan, planAmountCents, type PlanId } from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { recordEvent } from '../../lib/events';
import { recordChange, type AuditBy } from '../../lib/audit';
import { withBillingLock } from './billing-lock';
import type { SubscriptionSnapshot } from './billing-provider';
import { notifyOwner } from './billing-mail';
import {
  findByProviderId,
  recordSnapshot,
  type AccountPlanState,
  type SubscriptionRow,
} from './subscription-record';

/** A provider's news about a subscription: the renewal job's, or a Stripe webhook's. */
export interface SubscriptionEvent {
  type:
    | 'invoice.paid'
    | 'invoice.payment_failed'
    | 'invoice.payment_action_required'
    | 'customer.subscription.created'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted';
  subscriptionId: string;
  nextAttemptAt?: Date | null;
}

/**
 * Tells the owner what a recorded change did to the plan, comparing the app's previous copy
 * (`before`) with the provider's answer, so whoever records a change first — the request that
 * made it, the renewal job, a webhook — announces it, and nobody announces it twice.
 */
export async function announceChange(
  ctx: AppContext,
  before: SubscriptionRow,
  snapshot: SubscriptionSnapshot,
  state: AccountPlanState | null,
  by: AuditBy = 'system',
): Promise<void> {
  const accountId = before.accountId;
  const started = before.status === 'incomplete' && snapshot.status === 'active';
  const planMoved = before.status !== 'incomplete' && before.plan !== snapshot.plan;
  const ended = snapshot.status === 'canceled' && before.status !== 'canceled';
  if (!started && !planMoved && !ended) return;
  await recordEvent(ctx.db, {
    name: ended ? 'subscription_ended' : 'plan_changed',
    userId: by !== 'system' && 'actor' in by ? by.actor.userId : null,
    accountId,
    metadata: { plan: snapshot.plan, from: before.plan, status: snapshot.status },
  });
  // A renewal, a webhook or the reconciling job is the service acting: `system`.
  await recordChange(ctx.db, by, ctx.now(), {
    action: 'account.plan_changed',
    accountId,
    targetType: 'account',
    targetId: accountId,
    changes: {
      before: { plan: before.plan, status: before.status },
      after: { plan: ended ? 'free_core' : snapshot.plan, status: snapshot.status },
    },
  });
  if (ended && state?.subscription === 'canceled') {
    await notifyOwner(ctx, accountId, {
      kind: 'subscription_canceled',
      plan: before.plan as PlanId,
    });
    return;
  }
  const plan = findPlan(ended ? 'free_core' : snapshot.plan);
  if (!plan) return;
  await notifyOwner(ctx, accountId, {
    kind: 'plan_updated',
    plan: plan.id,
    amount: planAmountCents(plan, snapshot.quantity),
    currency: plan.currency.code,
  });
}

async function isAccountClosed(ctx: AppContext, accountId: string): Promise<boolean> {
  const [account] = await ctx.db
    .select({ closedAt: accounts.closedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return Boolean(account?.closedAt);
}

/**
 * Re-reads the subscription from the provider (never trusting the event's copy, so events may
 * arrive twice or out of order), records it, and tells the owner what changed for them.
 */
export async function handleSubscriptionEvent(
  ctx: AppContext,
  event: SubscriptionEvent,
): Promise<void> {
  const found = await findByProviderId(ctx.db, event.subscriptionId);
  // Not ours, or a first payment whose request died before recording the provider's id: the
  // event cannot tell which attempt it was, so reconcile-attempts.service.ts (a background job)
  // finds it by the attempt's idempotency key and records it.
  if (!found) return;
  await withBillingLock(ctx, found.accountId, (locked) =>
    recordProviderEvent(locked, found, event),
  );
}

/** The event's subscription re-read from the provider and recorded, under the billing lock. */
async function recordProviderEvent(
  ctx: AppContext,
  found: SubscriptionRow,
  event: SubscriptionEvent,
): Promise<void> {
  const row = (await findByProviderId(ctx.db, event.subscriptionId)) ?? found;
  let snapshot = await ctx.billing.getSubscription(event.subscriptionId);
  if (snapshot.status !== 'canceled' && (await isAccountClosed(ctx, row.accountId))) {
    // Closing ended it, or should have: a closed account pays for nothing more.
    snapshot = await ctx.billing.cancelNow(event.subscriptionId);
  }
  await recordSnapshot(ctx.db, row, snapshot, ctx.now(), (tx, before, state) =>
    announceChange(inTransaction(ctx, tx), before, snapshot, state),
  );
  const failed =
    event.type === 'invoice.payment_failed' || event.type === 'invoice.payment_action_required';
  if (failed && snapshot.status === 'past_due') {
    const waiting = snapshot.waitingPayment;
    await notifyOwner(ctx, row.accountId, {
      kind: event.type === 'invoice.payment_failed' ? 'payment_failed' : 'payment_action_required',
      amount: waiting?.amount ?? 0,
      currency: waiting?.currency ?? 'usd',
      card: await ctx.billing.getDefaultCard(snapshot.customerId),
      nextAttemptAt: event.nextAttemptAt ?? null,
    });
  }
}
