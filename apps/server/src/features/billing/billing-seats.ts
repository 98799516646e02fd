import { inTransaction, type AppContext } from '../../lib/app-context';
import type { Caller } from '../../lib/audit';
import { announceChange } from './billing-events.service';
import { countSeats } from './billing-customer';
import { withBillingLock } from './billing-lock';
import { findOpenSubscription, isLive, recordSnapshot } from './subscription-record';

/**
 * Members joined or left: a per-seat plan bills the new count from now on, prorated onto the
 * next invoice by the provider. A flat plan bills nothing more, but the provider keeps the count
 * too, so a move up to a per-seat plan bills every member (docs/billing.md "Prices"). The
 * membership change itself stands whatever the provider says: a failure here is logged, and the
 * next change reconciles the count.
 */
export async function syncSeats(ctx: AppContext, accountId: string): Promise<void> {
  try {
    await withBillingLock(ctx, accountId, async (locked) => {
      const open = await findOpenSubscription(locked.db, accountId);
      if (!open || !isLive(open) || !open.providerSubscriptionId) return;
      const seats = await countSeats(locked, accountId);
      if (seats === open.seats) return;
      const snapshot = await locked.billing.setQuantity(open.providerSubscriptionId, seats);
      await recordSnapshot(locked.db, open, snapshot, locked.now());
    });
  } catch (error) {
    ctx.log.error({ err: error, accountId }, 'billing: seat count not updated');
  }
}

/**
 * The account's subscription ends now, and nothing more is charged: when the account closes
 * (the closing is what the log records), or when an operator cancels it (`by`: the owner is told
 * and the log names the operator). Answers whether there was one to end.
 */
export async function endSubscriptionNow(
  ctx: AppContext,
  accountId: string,
  by?: Caller,
): Promise<boolean> {
  return withBillingLock(ctx, accountId, async (locked) => {
    const open = await findOpenSubscription(locked.db, accountId);
    if (!open?.providerSubscriptionId) return false;
    const snapshot = await locked.billing.cancelNow(open.providerSubscriptionId);
    await recordSnapshot(
      locked.db,
      open,
      snapshot,
      locked.now(),
      by &&
        ((tx, before, state) =>
          announceChange(inTransaction(locked, tx), before, snapshot, state, by)),
    );
    return true;
  });
}
