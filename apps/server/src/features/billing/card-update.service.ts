import type { CardUpdateInput, PaymentAction } from '@partner-portal/shared/billing';
import type { CardSummary } from '@partner-portal/shared/card';
import type { AppContext } from '../../lib/app-context';
import type { Caller } from '../../lib/audit';
import { ensureCustomer } from './billing-customer';
import { withBillingLock } from './billing-lock';
import { announceCardChange } from './card-change';
import { refreshLiveSubscription } from './subscription-record';
import { actionOf, auditPaymentRefusal } from './upgrade.service';

/**
 * PUT /api/account/billing/card {token, stripe?} (owner): a new default card. Its holder may
 * have to approve it first (then the client repeats the call); once it is the default, a
 * renewal that failed is paid with it, and the change is logged and the owner told.
 */
export async function updateCard(
  ctx: AppContext,
  by: Caller,
  input: CardUpdateInput,
): Promise<{ card: CardSummary } | PaymentAction> {
  const { accountId } = by.actor;
  return withBillingLock(ctx, accountId, async (locked) => {
    const customerId = await ensureCustomer(locked, accountId);
    const change = await auditPaymentRefusal(locked, by, { action: 'account.card_updated' }, () =>
      locked.billing.replaceDefaultCard(customerId, input.token),
    );
    const action = change.action ? actionOf(change.action) : null;
    if (action) return action;
    // A failed renewal may just have been paid with it.
    await refreshLiveSubscription(locked, accountId);
    if (change.changed) await announceCardChange(locked, by, change.card);
    return { card: change.card };
  });
}
