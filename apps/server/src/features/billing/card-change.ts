import { and, eq } from 'drizzle-orm';
import type { CardSummary } from '@partner-portal/shared/card';
import { subscriptions } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { recordChange, type Caller } from '../../lib/audit';
import { notifyOwner } from './billing-mail';

/** The owner acting in their own session: the only change the owner's card switch may silence. */
function isOwnersOwnChange(by: Caller): boolean {
  return by.actor.permission === 'owner' && by.actor.impersonatorId === null;
}

/**
 * A card just became the account's default (docs/billing.md "A new card"). Every path that
 * changes it calls this once — the owner's card route, an upgrade paid with a card, a first
 * subscription that replaces an earlier card, the built-in processor's authentication page —
 * so the log row and the owner's notice are never left out. The two are saved together.
 */
export async function announceCardChange(
  ctx: AppContext,
  by: Caller,
  card: CardSummary,
): Promise<void> {
  const { accountId } = by.actor;
  await ctx.db.transaction(async (tx) => {
    // The card's brand and last four digits: what the billing screen shows, never the number.
    await recordChange(tx, by, ctx.now(), {
      action: 'account.card_updated',
      accountId,
      targetType: 'account',
      targetId: accountId,
      changes: { brand: card.brand, last4: card.last4 },
    });
    await notifyOwner(inTransaction(ctx, tx), accountId, {
      kind: 'card_updated',
      card,
      // Renewals are charged to this card: whoever else changed it, the owner hears of it.
      always: !isOwnersOwnChange(by),
    });
  });
}

/**
 * Before a first subscription takes its card: does the account hold a card that paid for an
 * earlier subscription, now ended? Then the new card replaces it, a change to announce. A first
 * card, or one left behind by a declined attempt, is no change: the plan_updated mail already
 * tells the owner of the new plan.
 */
export async function holdsCardThatPaid(
  ctx: AppContext,
  accountId: string,
  customerId: string,
): Promise<boolean> {
  const [ended] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.status, 'canceled')))
    .limit(1);
  return Boolean(ended) && (await ctx.billing.getDefaultCard(customerId)) !== null;
}
