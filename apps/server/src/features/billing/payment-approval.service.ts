import type { AppContext } from '../../lib/app-context';
import type { Caller } from '../../lib/audit';
import { customerIdOf } from './billing-customer';
import { handleSubscriptionEvent } from './subscription-events.service';
import { announceCardChange } from './card-change';
import { localProcessorDeps } from './create-billing-provider';
import { authenticatePayment } from './local-processor/processor-authenticate';
import { findOpenSubscription } from './subscription-record';

/**
 * POST /api/billing/local/authenticate: the cardholder answers the built-in processor's issuer
 * page for one of their account's payments (another account's is "not waiting"). A renewal
 * approved from the billing screen has no repeat call to record it, so it is recorded here; so
 * is a new card whose check was approved, which becomes the default here, repeat call or not.
 */
export async function approvePayment(
  ctx: AppContext,
  by: Caller,
  clientSecret: string,
  outcome: 'complete' | 'fail',
): Promise<{ status: 'succeeded' | 'requires_payment_method' }> {
  const { accountId } = by.actor;
  const customerId = await customerIdOf(ctx, accountId);
  const deps = localProcessorDeps(ctx.config, ctx.db, ctx.now);
  const { status, newDefaultCard } = await authenticatePayment(
    deps,
    clientSecret,
    outcome,
    customerId,
  );
  if (newDefaultCard) await announceCardChange(ctx, by, newDefaultCard);
  const open = await findOpenSubscription(ctx.db, accountId);
  if (open?.providerSubscriptionId) {
    await handleSubscriptionEvent(ctx, {
      type: 'invoice.paid',
      subscriptionId: open.providerSubscriptionId,
    });
  }
  return { status };
}
