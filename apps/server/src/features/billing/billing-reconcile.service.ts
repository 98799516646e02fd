import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { accounts, subscriptions } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { withBillingLock } from './billing-lock';
import { recordChange } from '../../lib/audit';
import type { Db } from '../../db/client';
import type { SubscriptionSnapshot } from '../../lib/billing-provider';
import { announceChange } from './billing-events.service';
import { notifyPaymentDue } from './billing-mail';
import {
  findOpenSubscription,
  recordSnapshot,
  type AccountPlanState,
  type SubscriptionRow,
} from './subscription-record';

/*
 * Reconciliation (docs/billing.md "Reconciliation"): the provider is the truth about
 * subscriptions and payments, and the app's copy can fall behind it — a server killed after the
 * provider took a payment and before the app recorded it, a webhook lost. One function compares a
 * subscription row with the provider's answer and makes the row and the account agree; the
 * background job, `npm run admin -- billing-reconcile`, the upgrade path and Stripe's webhooks
 * all go through it. Recording compares under the row lock, so running it twice, or on several
 * instances at once, changes a row once.
 */

/**
 * How long a row must rest before the job looks at it: younger, its request may still be
 * between the provider's answer and recording it (the job must not give up on an attempt its
 * request will finish, nor write an older answer over the request's newer one).
 */
export const ATTEMPT_GRACE_MS = 2 * 60_000;

/**
 * An attempt the provider knows nothing of after this long was never paid and nobody is coming
 * back to it (a request that died before the provider call, or a card the provider refused
 * before subscribing): it ends, which frees the account for a new attempt.
 */
export const ATTEMPT_ABANDONED_MS = 60 * 60_000;

/** A settled subscription is compared again for this long after the app last changed it. */
const RECENT_MS = 60 * 60_000;

/** Rows compared per run; more wait for the next run. */
const MAX_PER_RUN = 200;

const ENDED = ['canceled', 'incomplete_expired'];

interface Side {
  plan: string;
  status: string;
  pendingPlan: string | null;
  providerSubscriptionId: string | null;
}

/** One subscription on which the app and the provider disagreed, and what was done about it. */
export interface BillingDisagreement {
  accountId: string;
  subscriptionId: string;
  ours: Side;
  /** Null when the provider has no subscription for the attempt. */
  theirs: Side | null;
  done: 'recorded_provider_state' | 'ended_unpaid_attempt';
  /** The account's plan and status afterwards (null: untouched while a first payment waits). */
  account: AccountPlanState | null;
}

function sideOf(row: SubscriptionRow): Side {
  return {
    plan: row.plan,
    status: row.status,
    pendingPlan: row.pendingPlan,
    providerSubscriptionId: row.providerSubscriptionId,
  };
}

function sideOfSnapshot(snapshot: SubscriptionSnapshot): Side {
  return {
    plan: snapshot.plan,
    status: snapshot.status,
    pendingPlan: snapshot.pendingPlan,
    providerSubscriptionId: snapshot.id,
  };
}

/** A disagreement goes to the account's log, as the service acting (docs/product.md#audit-log). */
async function auditDisagreement(ctx: AppContext, tx: Db, found: BillingDisagreement) {
  const { accountId, ours, theirs, done } = found;
  await recordChange(tx, 'system', ctx.now(), {
    action: 'account.billing_reconciled',
    accountId,
    targetType: 'account',
    targetId: accountId,
    changes: { ours, theirs, done },
  });
}

async function accountOf(ctx: AppContext, accountId: string) {
  const [account] = await ctx.db
    .select({ customerId: accounts.billingCustomerId, closedAt: accounts.closedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { customerId: account?.customerId ?? null, closed: Boolean(account?.closedAt) };
}

/** Ends an attempt nothing was made for, unless something recorded it meanwhile. */
async function expireAttempt(
  ctx: AppContext,
  row: SubscriptionRow,
): Promise<BillingDisagreement | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const ended = await tx
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
    if (ended.length === 0) return null;
    const found: BillingDisagreement = {
      accountId: row.accountId,
      subscriptionId: row.id,
      ours: sideOf(row),
      theirs: null,
      done: 'ended_unpaid_attempt',
      account: null,
    };
    await auditDisagreement(ctx, tx, found);
    return found;
  });
}

export interface ReconcileResult {
  /** The provider's answer, or null when it has no subscription for the row. */
  snapshot: SubscriptionSnapshot | null;
  /** What this call changed; null when the row already agreed (or another caller fixed it). */
  disagreement: BillingDisagreement | null;
}

/**
 * Compares one subscription row with the provider and records the provider's state: the paid
 * plan granted, `past_due` when a renewal is unpaid, the end of a subscription, a pending upgrade
 * paid or dropped. A closed account's live subscription is cancelled first. Only the caller
 * that changes the row announces it to the owner and, unless `news` (a provider's event, which is
 * news rather than a disagreement), writes the disagreement to the log.
 */
export async function reconcileSubscription(
  ctx: AppContext,
  row: SubscriptionRow,
  options: { news?: boolean } = {},
): Promise<ReconcileResult> {
  const { customerId, closed } = await accountOf(ctx, row.accountId);
  let snapshot: SubscriptionSnapshot | null = row.providerSubscriptionId
    ? await ctx.billing.getSubscription(row.providerSubscriptionId)
    : customerId
      ? await ctx.billing.findSubscriptionByAttempt(customerId, row.idempotencyKey)
      : null;
  if (!snapshot) {
    const abandoned = row.createdAt.getTime() < ctx.now().getTime() - ATTEMPT_ABANDONED_MS;
    const unpaid = row.status === 'incomplete' && !row.providerSubscriptionId;
    return { snapshot, disagreement: unpaid && abandoned ? await expireAttempt(ctx, row) : null };
  }
  if (closed && !ENDED.includes(snapshot.status)) {
    // Closing ended it, or should have: a closed account pays for nothing more.
    snapshot = await ctx.billing.cancelNow(snapshot.id);
  }
  const answer = snapshot;
  let disagreement = null as BillingDisagreement | null;
  await recordSnapshot(ctx.db, row, answer, ctx.now(), async (tx, before, state) => {
    disagreement = {
      accountId: row.accountId,
      subscriptionId: row.id,
      ours: sideOf(before),
      theirs: sideOfSnapshot(answer),
      done: 'recorded_provider_state',
      account: state,
    };
    await announceChange(inTransaction(ctx, tx), before, answer, state);
    if (options.news) return;
    await auditDisagreement(ctx, tx, disagreement);
    if (answer.status === 'past_due' && before.status !== 'past_due') {
      // The provider's event never reached us (a lost webhook, a server killed before recording
      // it), so nobody told the owner: reconciliation does, as the event would have.
      await notifyPaymentDue(inTransaction(ctx, tx), row.accountId, answer, {
        actionRequired: answer.waitingPayment?.state === 'requires_action',
        nextAttemptAt: answer.waitingPayment?.nextAttemptAt ?? null,
      });
    }
  });
  return { snapshot: answer, disagreement };
}

/**
 * The account's open subscription compared with the provider, before anything changes or cancels
 * it: a payment the app missed is then a paid plan, and a retry a plan change, not a second
 * charge (docs/billing.md "Upgrading"). An attempt the provider has not answered yet is the
 * job's, after its grace.
 */
export async function reconcileAccount(
  ctx: AppContext,
  accountId: string,
): Promise<BillingDisagreement | null> {
  const open = await findOpenSubscription(ctx.db, accountId);
  if (!open?.providerSubscriptionId) return null;
  return (await reconcileSubscription(ctx, open)).disagreement;
}

/**
 * The rows worth comparing, oldest change first, on the provider that runs now: every one still
 * in motion (a payment pending, a renewal unpaid, an upgrade waiting for its cardholder, an
 * active period whose end passed without the renewal's news) and every one the app changed
 * within RECENT_MS, once past the grace.
 */
async function findRecent(ctx: AppContext, now: Date): Promise<SubscriptionRow[]> {
  const rested = new Date(now.getTime() - ATTEMPT_GRACE_MS);
  return ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        // Another provider's subscription can only be answered by that provider.
        eq(subscriptions.provider, ctx.billing.kind),
        or(
          inArray(subscriptions.status, ['incomplete', 'past_due']),
          isNotNull(subscriptions.pendingPlan),
          and(eq(subscriptions.status, 'active'), lt(subscriptions.currentPeriodEnd, rested)),
          gte(subscriptions.updatedAt, new Date(now.getTime() - RECENT_MS)),
        ),
        lt(subscriptions.createdAt, rested),
        lt(subscriptions.updatedAt, rested),
      ),
    )
    .orderBy(asc(subscriptions.updatedAt))
    .limit(MAX_PER_RUN);
}

/**
 * The background job and `npm run admin -- billing-reconcile`: every recent subscription
 * compared with the provider and recorded where they disagree, each in its account's billing
 * lock (docs/billing.md "One billing lock per account"), so a plan change or an approval cannot
 * come in between. Answers what was changed; a second run finds nothing to change.
 */
export async function reconcileBilling(ctx: AppContext): Promise<BillingDisagreement[]> {
  const changed: BillingDisagreement[] = [];
  for (const row of await findRecent(ctx, ctx.now())) {
    try {
      const { disagreement } = await withBillingLock(ctx, row.accountId, (locked) =>
        reconcileSubscription(locked, row),
      );
      if (disagreement) changed.push(disagreement);
    } catch (error) {
      // One customer's trouble at the provider does not hold up the others; the next run retries.
      ctx.log.error({ err: error, subscriptionId: row.id }, 'billing: subscription not reconciled');
    }
  }
  return changed;
}
