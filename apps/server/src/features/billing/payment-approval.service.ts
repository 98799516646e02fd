import type { AppContext } from '../../lib/app-context';
import type { Actor } from '../../lib/auth-guard';
import { customerIdOf } from './billing-customer';
import { handleSubscriptionEvent } from './billing-events.service';
import { localProcessorDeps } from './create-billing-provider';
import { authenticatePayment } from './local-processor/processor-authenticate';
import { findOpenSubscription } from './subscription-record';

/**
 * POST /api/billing/local/authenticate: the cardholder answers the built-in processor's issuer
 * page for one of their account's payments (another account's is "not waiting"). A renewal
 * approved from the billing screen has no repeat call to record it, so it is recorded here.
 */
export async function approvePayment(
  ctx: AppContext,
  actor: Actor,
  clientSecret: string,
  outcome: 'complete' | 'fail',
): Promise<{ status: 'succeeded' | 'requires_payment_method' }> {
  const customerId = await customerIdOf(ctx, actor.accountId);
  const deps = localProcessorDeps(ctx.config, ctx.db, ctx.now);
  const { status } = await authenticatePayment(deps, clientSecret, outcome, customerId);
  const open = await findOpenSubscription(ctx.db, actor.accountId);
  if (open?.providerSubscriptionId) {
    await handleSubscriptionEvent(ctx, {
      type: 'invoice.paid',
      subscriptionId: open.providerSubscriptionId,
    });
  }
  return { status };
}
