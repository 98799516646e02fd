import { and, eq, inArray } from 'drizzle-orm';
import type { PlanId, SubscriptionStatus } from '@partner-portal/shared/plans';
import type { Db } from '../../db/client';
import { accounts, subscriptions } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { withBillingLock } from './billing-lock';
import type { SubscriptionSnapshot } from '../../lib/billing-provider';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const OPEN_STATUSES = ['incomplete', 'active', 'trialing', 'past_due'] as const;
const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

/** The account's subscription that is live or being paid for, if any (at most one). */
export async function findOpenSubscription(
  db: Db,
  accountId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        inArray(subscriptions.status, [...OPEN_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export function isLive(row: SubscriptionRow): boolean {
  return LIVE_STATUSES.includes(row.status);
}

export async function findByProviderId(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .limit(1);
  return row ?? null;
}

export interface AccountPlanState {
  plan: PlanId;
  subscription: SubscriptionStatus;
}

/**
 * What the account shows for a subscription in this state: its plan while it lives (past due
 * included: the guard sends the owner to billing, and the entitlement rule already withholds the
 * plan); the free plan once it ended — `active` when the owner chose to end it, `canceled` when
 * unpaid renewals ended it, so the billing screen can say so. A first payment still pending
 * leaves the account as it was.
 */
function accountStateOf(
  row: SubscriptionRow,
  snapshot: SubscriptionSnapshot,
): AccountPlanState | null {
  switch (snapshot.status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return { plan: snapshot.plan, subscription: snapshot.status };
    case 'canceled':
      return {
        plan: 'free_core',
        subscription: snapshot.cancelAtPeriodEnd || row.cancelAtPeriodEnd ? 'active' : 'canceled',
      };
    default:
      return null;
  }
}

/** The row as the provider's answer would leave it (what recordSnapshot writes). */
function copyOf(snapshot: SubscriptionSnapshot) {
  return {
    providerSubscriptionId: snapshot.id,
    status: snapshot.status,
    plan: snapshot.plan,
    seats: snapshot.quantity,
    currentPeriodStart: snapshot.periodStart,
    currentPeriodEnd: snapshot.periodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    scheduledPlan: snapshot.scheduledPlan,
    pendingPlan: snapshot.pendingPlan,
  };
}

function sameAs(row: SubscriptionRow, copy: ReturnType<typeof copyOf>): boolean {
  return (Object.keys(copy) as (keyof typeof copy)[]).every((key) => {
    const [mine, theirs] = [row[key], copy[key]];
    return mine instanceof Date && theirs instanceof Date
      ? mine.getTime() === theirs.getTime()
      : mine === theirs;
  });
}

/**
 * Copies what the provider answered onto the app's row and the account, in one transaction —
 * nothing at all when the row already says it (the billing screen reads often). `announce` runs
 * in that transaction with the row as it was, only when this call is the one that changes it:
 * the request, the renewal job and a webhook may record the same change at once (on several
 * instances), and the row lock lets exactly one of them tell the owner. Answers the account's
 * plan state, or null while a first payment is pending (the account is untouched).
 */
export async function recordSnapshot(
  db: Db,
  row: SubscriptionRow,
  snapshot: SubscriptionSnapshot,
  now: Date,
  announce?: (tx: Db, before: SubscriptionRow, state: AccountPlanState | null) => Promise<void>,
): Promise<AccountPlanState | null> {
  const ended = snapshot.status === 'canceled' || snapshot.status === 'incomplete_expired';
  const state = accountStateOf(row, snapshot);
  const copy = copyOf(snapshot);
  if (sameAs(row, copy)) return state;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, row.id))
      .for('update');
    if (!before || sameAs(before, copy)) return;
    await tx
      .update(subscriptions)
      .set({ ...copy, updatedAt: now, endedAt: ended ? (before.endedAt ?? now) : null })
      .where(eq(subscriptions.id, row.id));
    if (state) {
      await tx
        .update(accounts)
        .set({ plan: state.plan, subscriptionStatus: state.subscription })
        .where(eq(accounts.id, row.accountId));
    }
    await announce?.(tx, before, state);
  });
  return state;
}

/** The account's live subscription, re-read from the provider and recorded; null without one. */
export async function refreshLiveSubscription(
  ctx: AppContext,
  accountId: string,
): Promise<{ snapshot: SubscriptionSnapshot; state: AccountPlanState | null } | null> {
  return withBillingLock(ctx, accountId, async (locked) => {
    const row = await findOpenSubscription(locked.db, accountId);
    if (!row || !isLive(row) || !row.providerSubscriptionId) return null;
    const snapshot = await locked.billing.getSubscription(row.providerSubscriptionId);
    return { snapshot, state: await recordSnapshot(locked.db, row, snapshot, locked.now()) };
  });
}
