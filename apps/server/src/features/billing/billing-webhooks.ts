import { includesWebhooks, type PlanId } from '@partner-portal/shared/plan-rules';
import type { AppContext } from '../../lib/app-context';
import type { SubscriptionSnapshot } from '../../lib/billing-provider';
import { queueWebhook } from '../../lib/webhook-queue';

/**
 * The billing events partners' systems hear of (docs/product.md#webhooks), queued in the
 * recording transaction. An invoice is told of once whoever records it first (the request that
 * took the payment, the renewal job, a Stripe webhook, the reconciliation): its id is the key.
 */
export async function queueInvoicePaid(
  ctx: AppContext,
  accountId: string,
  snapshot: SubscriptionSnapshot,
): Promise<void> {
  const invoice = snapshot.latestInvoice;
  if (!invoice?.paid || invoice.total <= 0) return;
  await queueWebhook(
    ctx.db,
    ctx.now(),
    accountId,
    'invoice.paid',
    {
      account_id: accountId,
      invoice_id: invoice.id,
      number: invoice.number || null,
      amount: invoice.total,
      currency: invoice.currency,
    },
    { dedupeKey: `invoice.paid:${invoice.id}` },
  );
}

export async function queuePlanChanged(
  ctx: AppContext,
  accountId: string,
  before: { plan: PlanId; status: string },
  after: { plan: PlanId; status: string },
): Promise<void> {
  await queueWebhook(
    ctx.db,
    ctx.now(),
    accountId,
    'plan.changed',
    { account_id: accountId, before, after },
    // A move below Plus is still told to the endpoints it had.
    { anyPlan: includesWebhooks(before.plan) },
  );
}
