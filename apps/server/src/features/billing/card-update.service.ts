import type { CardUpdateInput, PaymentAction } from '@partner-portal/shared/billing';
import type { CardSummary } from '@partner-portal/shared/card';
import type { AppContext } from '../../lib/app-context';
import type { Actor } from '../../lib/auth-guard';
import { ensureCustomer } from './billing-customer';
import { notifyOwner } from './billing-mail';
import { refreshLiveSubscription } from './subscription-record';
import { actionOf } from './upgrade.service';

/**
 * PUT /api/account/billing/card {token, stripe?} (owner): a new default card. Its holder may
 * have to approve it first (then the client repeats the call); once it is the default, a
 * renewal that failed is paid with it, and the owner is told (card_updated switch).
 */
export async function updateCard(
  ctx: AppContext,
  actor: Actor,
  input: CardUpdateInput,
): Promise<{ card: CardSummary } | PaymentAction> {
  const customerId = await ensureCustomer(ctx, actor.accountId);
  const change = await ctx.billing.replaceDefaultCard(customerId, input.token);
  const action = change.action ? actionOf(change.action) : null;
  if (action) return action;
  // A failed renewal may just have been paid with it.
  await refreshLiveSubscription(ctx, actor.accountId);
  await notifyOwner(ctx, actor.accountId, { kind: 'card_updated', card: change.card });
  return { card: change.card };
}
