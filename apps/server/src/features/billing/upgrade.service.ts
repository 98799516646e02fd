import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentAction, UpgradeInput, UpgradeResponse } from '@partner-portal/shared/billing';
import { findPlan, planRank, type PlanId } from '@partner-portal/shared/plans';
import { subscriptions } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import type { SubscriptionSnapshot, WaitingPayment } from '../../lib/billing-provider';
import { countSeats, ensureCustomer } from './billing-customer';
import { announceChange } from './billing-events.service';
import { chargeOf } from './latest-charge';
import { withBillingLock } from './billing-lock';
import { reconcileAccount } from './billing-reconcile.service';
import { announceCardChange, holdsCardThatPaid } from './card-change';
import { PaymentError } from './payment-error';
import {
  findOpenSubscription,
  isLive,
  recordSnapshot,
  type SubscriptionRow,
} from './subscription-record';

export function actionOf(waiting: WaitingPayment): PaymentAction | null {
  if (waiting.state !== 'requires_action' || !waiting.clientSecret) return null;
  return {
    requires_payment_action: true,
    client_secret: waiting.clientSecret,
    amount: waiting.amount,
    currency: waiting.currency,
    description: waiting.description,
  };
}

/** Records what the provider answered and turns it into the client's answer. */
export async function settle(
  ctx: AppContext,
  by: Caller,
  row: SubscriptionRow,
  snapshot: SubscriptionSnapshot,
  wanted: PlanId,
): Promise<UpgradeResponse> {
  const state = await recordSnapshot(ctx.db, row, snapshot, ctx.now(), (tx, before, recorded) =>
    announceChange(inTransaction(ctx, tx), before, snapshot, recorded, by),
  );
  if (snapshot.waitingPayment) {
    const action = actionOf(snapshot.waitingPayment);
    if (action) return action;
  }
  if (snapshot.status === 'incomplete_expired') throw new PaymentError('authentication_failed');
  // A failed renewal tried again with the new card, and refused again.
  if (snapshot.status === 'past_due') throw new PaymentError('card_declined');
  if (snapshot.status === 'incomplete' || snapshot.pendingPlan === wanted) {
    // Waiting, but not for anything the cardholder can do here: the provider declined it.
    throw new PaymentError('card_declined');
  }
  if (!state || snapshot.plan !== wanted) throw new PaymentError('processing_error');
  return { plan: state.plan, subscription: state.subscription, charged: chargeOf(snapshot) };
}

/**
 * The one pending or live subscription row of the account: a new one for this attempt, or the
 * one a parallel or repeated call already made (the partial unique index lets only one in).
 */
async function claimSubscription(
  ctx: AppContext,
  accountId: string,
  plan: PlanId,
  seats: number,
): Promise<SubscriptionRow> {
  const [created] = await ctx.db
    .insert(subscriptions)
    .values({
      accountId,
      provider: ctx.billing.kind,
      plan,
      status: 'incomplete',
      seats,
      idempotencyKey: randomUUID(),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findOpenSubscription(ctx.db, accountId);
  if (!existing) throw new AppError('conflict', 'error.payment_in_progress');
  return existing;
}

async function dropAttempt(ctx: AppContext, row: SubscriptionRow) {
  await ctx.db
    .update(subscriptions)
    .set({ status: 'incomplete_expired', endedAt: ctx.now() })
    .where(eq(subscriptions.id, row.id));
}

/**
 * The attempt for `plan`. A first payment still waiting for another plan is replaced, uncharged
 * (docs/billing.md "One payment waiting at a time").
 */
async function claimAttemptFor(ctx: AppContext, accountId: string, plan: PlanId) {
  const seats = await countSeats(ctx, accountId);
  const row = await claimSubscription(ctx, accountId, plan, seats);
  if (isLive(row) || row.plan === plan) return row;
  // Another plan's attempt the provider never answered (its request died): the attempts job
  // settles it; charging it for the plan asked now would charge a plan nobody chose.
  if (!row.providerSubscriptionId) throw new AppError('conflict', 'error.payment_in_progress');
  await ctx.billing.cancelNow(row.providerSubscriptionId);
  await dropAttempt(ctx, row);
  return claimSubscription(ctx, accountId, plan, seats);
}

/** A first subscription: the card, then the subscription (same key on every retry). */
async function subscribe(
  ctx: AppContext,
  by: Caller,
  customerId: string,
  input: UpgradeInput,
): Promise<UpgradeResponse> {
  const row = await claimAttemptFor(ctx, by.actor.accountId, input.plan);
  if (isLive(row)) return changeLive(ctx, by, customerId, row, input);
  if (row.providerSubscriptionId) {
    // The repeat call after the cardholder acted (or a retry): ask the provider how it went.
    return settle(
      ctx,
      by,
      row,
      await ctx.billing.getSubscription(row.providerSubscriptionId),
      input.plan,
    );
  }
  const replacing = await holdsCardThatPaid(ctx, by.actor.accountId, customerId);
  const card = await ctx.billing.attachDefaultCard(customerId, input.token);
  if (replacing && card.changed) await announceCardChange(ctx, by, card.card);
  let snapshot: SubscriptionSnapshot;
  try {
    snapshot = await ctx.billing.createSubscription({
      customerId,
      plan: row.plan as PlanId,
      quantity: row.seats,
      idempotencyKey: row.idempotencyKey,
    });
  } catch (error) {
    // Nothing was subscribed: free the account for the next attempt.
    if (error instanceof PaymentError) await dropAttempt(ctx, row);
    throw error;
  }
  return settle(ctx, by, row, snapshot, input.plan);
}

/**
 * A paying account: the new card replaces the old one (its holder may have to approve it), then
 * a higher plan applies now, prorated. The plan already held is refused: changing only the card
 * is the owner's card route (docs/billing.md "A new card").
 */
async function changeLive(
  ctx: AppContext,
  by: Caller,
  customerId: string,
  row: SubscriptionRow,
  input: UpgradeInput,
): Promise<UpgradeResponse> {
  const providerId = row.providerSubscriptionId;
  if (!providerId) throw new AppError('conflict', 'error.payment_in_progress');
  if (planRank(input.plan) < planRank(row.plan as PlanId)) {
    throw new AppError('bad_request', 'error.upgrade_not_higher', { inputError: 'plan' });
  }
  if (input.plan === row.plan) {
    // A repeat call (after the cardholder acted) may find its upgrade already recorded by a
    // webhook or a parallel call: it answers how it went and touches no card.
    if (!input.stripe)
      throw new AppError('conflict', 'error.plan_already_held', { inputError: 'plan' });
    return settle(ctx, by, row, await ctx.billing.getSubscription(providerId), input.plan);
  }
  const change = await ctx.billing.replaceDefaultCard(customerId, input.token);
  if (change.action) {
    const action = actionOf(change.action);
    if (action) return action;
  }
  if (change.changed) await announceCardChange(ctx, by, change.card);
  const snapshot = await ctx.billing.upgradeNow(
    providerId,
    input.plan,
    `upgrade:${providerId}:${row.plan}:${input.plan}:${row.currentPeriodStart?.toISOString() ?? ''}`,
  );
  return settle(ctx, by, row, snapshot, input.plan);
}

/**
 * POST /api/account/upgrade {plan, token, stripe?}: pays for a plan with a card. Answers the plan
 * and subscription, or the action the card needs (`requires_payment_action`, `client_secret`);
 * after the cardholder acts the client repeats the call, and the server — trusting nothing in
 * the repeated `stripe` object — asks the provider about its own pending subscription. Parallel
 * or repeated calls share one subscription row and one idempotency key: one charge.
 */
export async function upgradeAccount(
  ctx: AppContext,
  by: Caller,
  input: UpgradeInput,
): Promise<UpgradeResponse> {
  const plan = findPlan(input.plan);
  if (!plan?.requiresCard) {
    throw new AppError('bad_request', 'error.upgrade_not_higher', { inputError: 'plan' });
  }
  return auditPaymentRefusal(
    ctx,
    by,
    { action: 'account.plan_changed', plan: plan.id },
    async () => {
      const { accountId } = by.actor;
      // A payment the app missed (docs/billing.md "Reconciliation") is recorded before anything
      // changes, cancels or replaces the subscription: a retry with another plan is then a plan
      // change, not a second charge. The customer and the attempt (its key) are committed before
      // the provider is asked to charge, so a payment taken while the server died is found by
      // them.
      if (!input.stripe) {
        await withBillingLock(ctx, accountId, async (locked) => {
          await ensureCustomer(locked, accountId);
          await reconcileAccount(locked, accountId);
          const open = await findOpenSubscription(locked.db, accountId);
          if (!open || !isLive(open)) await claimAttemptFor(locked, accountId, input.plan);
        });
      }
      return withBillingLock(ctx, accountId, async (locked) => {
        const customerId = await ensureCustomer(locked, accountId);
        // The cardholder's repeat call skipped the step above.
        if (input.stripe) await reconcileAccount(locked, accountId);
        const open = await findOpenSubscription(locked.db, accountId);
        if (open && isLive(open)) return changeLive(locked, by, customerId, open, input);
        // A repeat call never starts a payment: with nothing pending, the one it repeats was refused.
        if (!open && input.stripe) throw new PaymentError('authentication_failed');
        return subscribe(locked, by, customerId, input);
      });
    },
  );
}

/**
 * A card the provider refused is a failed change in the log (docs/product.md#audit-log); the
 * change itself, when it happens, is recorded with the subscription (billing-events.service.ts).
 */
export async function auditPaymentRefusal<T>(
  ctx: AppContext,
  by: Caller,
  attempt: {
    action: 'account.plan_changed' | 'account.card_updated';
    plan?: PlanId;
    /** The account paying, when not the caller's own (an operator's change). */
    accountId?: string;
  },
  pay: () => Promise<T>,
): Promise<T> {
  try {
    return await pay();
  } catch (error) {
    if (error instanceof PaymentError) {
      const accountId = attempt.accountId ?? by.actor.accountId;
      await recordChange(ctx.db, by, ctx.now(), {
        action: attempt.action,
        accountId,
        targetType: 'account',
        targetId: accountId,
        outcome: 'failure',
        changes: { reason: error.paymentCode, ...(attempt.plan ? { plan: attempt.plan } : {}) },
      });
    }
    throw error;
  }
}
