import type { AppContext } from '../../lib/app-context';
import { withBillingLock } from './billing-lock';
import { notifyPaymentDue } from './billing-mail';
import { queueInvoicePaid } from './billing-webhooks';
import { reconcileSubscription } from './billing-reconcile.service';
import { findByProviderId } from './subscription-record';

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
 * A provider's news (a renewal of the built-in processor, a Stripe webhook, an approved payment)
 * goes through reconciliation like everything else: the subscription is re-read from the
 * provider, never trusting the event's copy, so events may arrive twice or out of order; then
 * the owner hears of a payment that failed or waits for them.
 */
export async function handleSubscriptionEvent(
  ctx: AppContext,
  event: SubscriptionEvent,
): Promise<void> {
  const row = await findByProviderId(ctx.db, event.subscriptionId);
  // Not ours, or a first payment whose request died before recording the provider's id: the
  // event cannot tell which attempt it was, so the reconciliation job finds it by the attempt's
  // idempotency key (billing-reconcile.service.ts).
  if (!row) return;
  // Recorded in the account's billing lock, as every billing write is (docs/billing.md).
  await withBillingLock(ctx, row.accountId, async (locked) => {
    const current = (await findByProviderId(locked.db, event.subscriptionId)) ?? row;
    const { snapshot } = await reconcileSubscription(locked, current, { news: true });
    if (snapshot && event.type === 'invoice.paid') {
      await queueInvoicePaid(locked, row.accountId, snapshot);
    }
    const failed =
      event.type === 'invoice.payment_failed' || event.type === 'invoice.payment_action_required';
    if (snapshot && failed && snapshot.status === 'past_due') {
      await notifyPaymentDue(locked, row.accountId, snapshot, {
        actionRequired: event.type === 'invoice.payment_action_required',
        nextAttemptAt: event.nextAttemptAt ?? snapshot.waitingPayment?.nextAttemptAt ?? null,
      });
    }
  });
}
