import type { CardUpdateInput, PaymentAction } from '@partner-portal/shared/billing';
import type { CardSummary } from '@partner-portal/shared/card';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { recordChange, type Caller } from '../../lib/audit';
import { ensureCustomer } from './billing-customer';
import { notifyOwner } from './billing-mail';
import { refreshLiveSubscription } from './subscription-record';
import { actionOf, auditPaymentRefusal } from './upgrade.service';

/**
 * PUT /api/account/billing/card {token, stripe?} (owner): a new default card. Its holder may
 * have to approve it first (then the client repeats the call); once it is the default, a
 * renewal that failed is paid with it, and the owner is told (card_updated switch).
 */
export async function updateCard(
  ctx: AppContext,
  by: Caller,
  input: CardUpdateInput,
): Promise<{ card: CardSummary } | PaymentAction> {
  const { accountId } = by.actor;
  const customerId = await ensureCustomer(ctx, accountId);
  const change = await auditPaymentRefusal(ctx, by, { action: 'account.card_updated' }, () =>
    ctx.billing.replaceDefaultCard(customerId, input.token),
  );
  const action = change.action ? actionOf(change.action) : null;
  if (action) return action;
  // A failed renewal may just have been paid with it.
  await refreshLiveSubscription(ctx, accountId);
  await ctx.db.transaction(async (tx) => {
    // The card's brand and last four digits: what the billing screen shows, never the number.
    await recordChange(tx, by, ctx.now(), {
      action: 'account.card_updated',
      targetType: 'account',
      targetId: accountId,
      changes: { brand: change.card.brand, last4: change.card.last4 },
    });
    await notifyOwner(inTransaction(ctx, tx), accountId, {
      kind: 'card_updated',
      card: change.card,
    });
  });
  return { card: change.card };
}
