import { findPlan, planAmountCents, type PlanId } from '@partner-portal/shared/plans';
import type { AppContext } from '../../lib/app-context';
import { recordEvent } from '../events/events.service';
import { notifyOwner } from './billing-mail';
import { findByProviderId, recordSnapshot } from './subscription-record';

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
 * Re-reads the subscription from the provider (never trusting the event's copy, so events may
 * arrive twice or out of order), records it, and tells the owner what changed for them.
 */
export async function handleSubscriptionEvent(
  ctx: AppContext,
  event: SubscriptionEvent,
): Promise<void> {
  const row = await findByProviderId(ctx.db, event.subscriptionId);
  if (!row) return;
  const snapshot = await ctx.billing.getSubscription(event.subscriptionId);
  const state = await recordSnapshot(ctx.db, row, snapshot, ctx.now());
  const accountId = row.accountId;
  const customerCard = () => ctx.billing.getDefaultCard(snapshot.customerId);

  if (
    (event.type === 'invoice.payment_failed' || event.type === 'invoice.payment_action_required') &&
    snapshot.status === 'past_due'
  ) {
    const waiting = snapshot.waitingPayment;
    await notifyOwner(ctx, accountId, {
      kind: event.type === 'invoice.payment_failed' ? 'payment_failed' : 'payment_action_required',
      amount: waiting?.amount ?? 0,
      currency: waiting?.currency ?? 'usd',
      card: await customerCard(),
      nextAttemptAt: event.nextAttemptAt ?? null,
    });
  } else if (snapshot.status === 'canceled' && row.status !== 'canceled') {
    if (state?.subscription === 'canceled') {
      await notifyOwner(ctx, accountId, {
        kind: 'subscription_canceled',
        plan: row.plan as PlanId,
      });
    } else {
      await notifyOwner(ctx, accountId, {
        kind: 'plan_updated',
        plan: 'free_core',
        amount: 0,
        currency: 'usd',
      });
    }
  } else if (state && row.plan !== snapshot.plan) {
    const plan = findPlan(snapshot.plan);
    if (plan) {
      await notifyOwner(ctx, accountId, {
        kind: 'plan_updated',
        plan: plan.id,
        amount: planAmountCents(plan, snapshot.quantity),
        currency: plan.currency.code,
      });
    }
  }
  if (row.status !== snapshot.status || row.plan !== snapshot.plan) {
    await recordEvent(ctx.db, {
      name: 'subscription_changed',
      accountId,
      metadata: { type: event.type, status: snapshot.status, plan: snapshot.plan },
    });
  }
}
