import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { accounts, subscriptions } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { withBillingLock } from './billing-lock';
import type { SubscriptionSnapshot } from './billing-provider';
import { announceChange } from './billing-events.service';
import { recordSnapshot, type SubscriptionRow } from './subscription-record';

/*
 * A first payment taken while the server died (docs/billing.md "A payment taken while the server
 * died"). An upgrade claims its `subscriptions` row, asks the provider to subscribe, then records
 * the answer: killed in between, the customer has paid and the row still says `incomplete`
 * without the provider's id, so no renewal or webhook finds it. This job asks the provider, by
 * the attempt's idempotency key, what that call made, and records it as the request would have.
 */

/**
 * How old an attempt must be before the job looks at it: younger, its request may still be
 * between the provider's answer and recording it. Recording twice would be harmless (the row
 * lock lets one announce), but the job must not give up on an attempt its request will finish.
 */
export const ATTEMPT_GRACE_MS = 2 * 60_000;

/**
 * An attempt the provider knows nothing of after this long was never paid and nobody is coming
 * back to it (a request that died before the provider call, or a card the provider refused
 * before subscribing): it ends, which frees the account for a new attempt.
 */
export const ATTEMPT_ABANDONED_MS = 60 * 60_000;

/** Attempts looked at per run; more wait for the next run. */
const MAX_PER_RUN = 100;

const ENDED = ['canceled', 'incomplete_expired'];

interface Candidate {
  row: SubscriptionRow;
  customerId: string | null;
  closed: boolean;
}

/** Unrecorded attempts past the grace, oldest first, on the provider that runs now. */
async function findCandidates(ctx: AppContext, now: Date): Promise<Candidate[]> {
  const rows = await ctx.db
    .select({
      row: subscriptions,
      customerId: accounts.billingCustomerId,
      closedAt: accounts.closedAt,
    })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(
      and(
        eq(subscriptions.status, 'incomplete'),
        isNull(subscriptions.providerSubscriptionId),
        // Another provider's attempt can only be answered by that provider.
        eq(subscriptions.provider, ctx.billing.kind),
        lt(subscriptions.createdAt, new Date(now.getTime() - ATTEMPT_GRACE_MS)),
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
    .limit(MAX_PER_RUN);
  return rows.map(({ row, customerId, closedAt }) => ({ row, customerId, closed: !!closedAt }));
}

/**
 * Records what the provider made, as `settle()` does; answers whether this call changed the row
 * (several instances may record the same answer: the row lock lets one change it and announce).
 */
async function recordFound(
  ctx: AppContext,
  candidate: Candidate,
  found: SubscriptionSnapshot,
): Promise<boolean> {
  let snapshot = found;
  if (candidate.closed && !ENDED.includes(snapshot.status)) {
    // Closing found nothing to end then: a closed account pays for nothing more.
    snapshot = await ctx.billing.cancelNow(snapshot.id);
  }
  let changed = false;
  await recordSnapshot(ctx.db, candidate.row, snapshot, ctx.now(), async (tx, before, state) => {
    changed = true;
    await announceChange(inTransaction(ctx, tx), before, snapshot, state);
  });
  return changed;
}

/** Ends an attempt nothing was made for, unless something recorded it meanwhile. */
async function expireAttempt(ctx: AppContext, row: SubscriptionRow, now: Date): Promise<boolean> {
  const ended = await ctx.db
    .update(subscriptions)
    .set({ status: 'incomplete_expired', endedAt: now, updatedAt: now })
    .where(
      and(
        eq(subscriptions.id, row.id),
        eq(subscriptions.status, 'incomplete'),
        isNull(subscriptions.providerSubscriptionId),
      ),
    )
    .returning({ id: subscriptions.id });
  return ended.length > 0;
}

/**
 * The background job: every unrecorded attempt past the grace is looked up at the provider by
 * its idempotency key. Found, it is recorded (the plan granted, the owner mailed once); not found
 * and abandoned, it ends. The candidates are read without a lock; each is looked up and recorded
 * in its account's billing lock (docs/billing.md "One billing lock per account"), and
 * recordSnapshot compares before it writes, so several instances running this at once change
 * each row once. Answers the rows it repaired or ended.
 */
export async function reconcileAttempts(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let repaired = 0;
  for (const candidate of await findCandidates(ctx, now)) {
    const { row, customerId } = candidate;
    try {
      const changed = await withBillingLock(ctx, row.accountId, async (locked) => {
        const found = customerId
          ? await locked.billing.findSubscriptionByAttempt(customerId, row.idempotencyKey)
          : null;
        if (found) return recordFound(locked, candidate, found);
        if (row.createdAt.getTime() >= now.getTime() - ATTEMPT_ABANDONED_MS) return false;
        return expireAttempt(locked, row, now);
      });
      if (changed) repaired += 1;
    } catch (error) {
      // One customer's trouble at the provider does not hold up the others; the next run retries.
      ctx.log.error({ err: error, subscriptionId: row.id }, 'billing: attempt not reconciled');
    }
  }
  return repaired;
}
