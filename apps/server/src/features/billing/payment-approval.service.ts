import type { AppContext } from '../../lib/app-context';
import type { Caller } from '../../lib/audit';
import { customerIdOf } from './billing-customer';
import { handleSubscriptionEvent } from './subscription-events.service';
import { withBillingLock } from './billing-lock';
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
  // The approval and its record are one billing write: a plan change cannot come in between.
  return withBillingLock(ctx, accountId, async (locked) => {
    const customerId = await customerIdOf(locked, accountId);
    const deps = localProcessorDeps(locked.config, locked.db, locked.now);
    const { status, newDefaultCard } = await authenticatePayment(
      deps,
      clientSecret,
      outcome,
      customerId,
    );
    if (newDefaultCard) await announceCardChange(locked, by, newDefaultCard);
    const open = await findOpenSubscription(locked.db, accountId);
    if (open?.providerSubscriptionId) {
      await handleSubscriptionEvent(locked, {
        type: 'invoice.paid',
        subscriptionId: open.providerSubscriptionId,
      });
    }
    return { status };
  });
}
