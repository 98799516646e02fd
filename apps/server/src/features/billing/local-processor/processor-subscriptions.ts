import { and, eq } from 'drizzle-orm';
import { billableSeats, type Plan, type PlanId } from '@partner-portal/shared/plans';
import type { Db } from '../../../db/client';
import { localCustomers, localInvoiceItems, localSubscriptions } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import type { SubscriptionSnapshot, UpgradeQuote } from '../../../lib/billing-provider';
import { PaymentError, type PaymentErrorCode } from '../payment-error';
import { findPaymentMethod, summaryOf, type PaymentMethodRow } from './processor-cards';
import { addMonths, customerNow, remainingShare } from './processor-clock';
import { newProcessorId } from './processor-ids';
import { finalizeInvoice, markInvoicePaid, type LocalInvoiceRow } from './processor-invoices';
import { charge } from './processor-payments';
import { dropPendingUpgrade } from './processor-lifecycle';
import {
  loadCustomer,
  loadSubscription,
  planFor,
  planLine,
  snapshotOf,
  type LocalCustomerRow,
  type LocalSubscriptionRow,
  type ProcessorDeps,
} from './processor-snapshot';

/**
 * Charges an invoice while its cardholder is on screen: a decline throws (undoing the caller's
 * transaction, the invoice's number included); answers whether it is paid, or waits for them.
 */
async function payWhileThere(
  tx: Db,
  deps: ProcessorDeps,
  card: PaymentMethodRow,
  invoice: LocalInvoiceRow,
  description: string,
  now: Date,
): Promise<boolean> {
  const outcome = await charge(tx, deps.key, {
    customerId: invoice.customerId,
    paymentMethod: card,
    invoiceId: invoice.id,
    purpose: 'payment',
    amount: invoice.total,
    currency: invoice.currency,
    description,
    onSession: true,
  });
  if (outcome.kind === 'declined') throw declined(outcome.declineCode);
  if (outcome.kind === 'succeeded') await markInvoicePaid(tx, invoice.id, now, summaryOf(card));
  return outcome.kind === 'succeeded';
}

export async function createCustomer(
  deps: ProcessorDeps,
  input: { name: string; email: string; idempotencyKey: string },
): Promise<string> {
  const [created] = await deps.db
    .insert(localCustomers)
    .values({ id: newProcessorId('cus'), ...input })
    .onConflictDoNothing({ target: localCustomers.idempotencyKey })
    .returning({ id: localCustomers.id });
  if (created) return created.id;
  const [existing] = await deps.db
    .select({ id: localCustomers.id })
    .from(localCustomers)
    .where(eq(localCustomers.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error('customer vanished');
  return existing.id;
}

async function defaultCardOf(db: Db, customer: LocalCustomerRow) {
  const card = await findPaymentMethod(db, customer.defaultPaymentMethodId);
  if (!card) throw new PaymentError('invalid_token');
  return card;
}

export function declined(code: string): PaymentError {
  const known: PaymentErrorCode[] = ['card_declined', 'insufficient_funds', 'expired_card'];
  return new PaymentError(known.find((entry) => entry === code) ?? 'card_declined');
}

/**
 * Subscribes with the customer's default card, the first period paid at once. A declined card
 * undoes everything (no subscription, no invoice, its number given back); a card that needs
 * its holder leaves the subscription `incomplete` until they authenticate. The same
 * idempotency key answers the subscription already made.
 */
export async function createSubscription(
  deps: ProcessorDeps,
  input: { customerId: string; plan: PlanId; quantity: number; idempotencyKey: string },
): Promise<SubscriptionSnapshot> {
  const [existing] = await deps.db
    .select()
    .from(localSubscriptions)
    .where(eq(localSubscriptions.idempotencyKey, input.idempotencyKey))
    .limit(1);
  if (existing) return snapshotOf(deps.db, deps.key, existing);

  const id = await deps.db.transaction(async (tx) => {
    const customer = await loadCustomer(tx, input.customerId);
    const card = await defaultCardOf(tx, customer);
    const plan = planFor(input.plan);
    const start = customerNow(deps.now(), customer.clockOffsetMs);
    const period = { start, end: addMonths(start, 1) };
    const [row] = await tx
      .insert(localSubscriptions)
      .values({
        id: newProcessorId('sub'),
        customerId: customer.id,
        plan: plan.id,
        quantity: input.quantity,
        status: 'incomplete',
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: localSubscriptions.idempotencyKey })
      .returning();
    // A parallel call with the same key made it first: answer that one.
    if (!row) return null;
    const invoice = await finalizeInvoice(tx, {
      customerId: customer.id,
      subscriptionId: row.id,
      currency: plan.currency.code,
      lines: [planLine(plan, input.quantity, period)],
      periodStart: period.start,
      periodEnd: period.end,
      issuedAt: start,
    });
    const paid = await payWhileThere(tx, deps, card, invoice, `Partner Portal ${plan.name}`, start);
    await tx
      .update(localSubscriptions)
      .set({ latestInvoiceId: invoice.id, status: paid ? 'active' : 'incomplete' })
      .where(eq(localSubscriptions.id, row.id));
    return row.id;
  });
  return getSubscription(deps, id ?? (await subscriptionIdByKey(deps.db, input.idempotencyKey)));
}

async function subscriptionIdByKey(db: Db, key: string): Promise<string> {
  const [row] = await db
    .select({ id: localSubscriptions.id })
    .from(localSubscriptions)
    .where(eq(localSubscriptions.idempotencyKey, key));
  if (!row) throw new Error('subscription vanished');
  return row.id;
}

/** The subscription a createSubscription call with this key made for this customer, if any. */
export async function findSubscriptionByAttempt(
  deps: ProcessorDeps,
  customerId: string,
  key: string,
): Promise<SubscriptionSnapshot | null> {
  const [row] = await deps.db
    .select()
    .from(localSubscriptions)
    .where(
      and(
        eq(localSubscriptions.idempotencyKey, key),
        eq(localSubscriptions.customerId, customerId),
      ),
    )
    .limit(1);
  return row ? snapshotOf(deps.db, deps.key, row) : null;
}

export async function getSubscription(
  deps: ProcessorDeps,
  id: string,
): Promise<SubscriptionSnapshot> {
  return snapshotOf(deps.db, deps.key, await loadSubscription(deps.db, id));
}

function requireLive(status: string) {
  if (status !== 'active' && status !== 'past_due') {
    throw new AppError('conflict', 'error.subscription_not_active');
  }
}

/** The two lines of moving `sub` to plan `to` at `at`: the old plan's share credited, the new one's charged. */
function upgradeLines(sub: LocalSubscriptionRow, to: Plan, at: Date) {
  const period = { start: at, end: sub.currentPeriodEnd };
  const share = remainingShare(sub.currentPeriodStart, sub.currentPeriodEnd, at);
  return [
    planLine(planFor(sub.plan), sub.quantity, period, { share, credit: true }),
    planLine(to, sub.quantity, period, { share }),
  ] as const;
}

/** A preview's proration date counts only inside the period it was made in. */
function prorationDateIn(sub: LocalSubscriptionRow, at: Date | undefined, now: Date): Date {
  if (!at) return now;
  if (at < sub.currentPeriodStart || at > now) {
    throw new AppError('conflict', 'error.plan_quote_expired', { inputError: 'quote' });
  }
  return at;
}

/** What `upgradeNow` would charge now; changes nothing. */
export async function previewUpgrade(
  deps: ProcessorDeps,
  id: string,
  planId: PlanId,
): Promise<UpgradeQuote> {
  const sub = await loadSubscription(deps.db, id);
  requireLive(sub.status);
  const customer = await loadCustomer(deps.db, sub.customerId);
  const now = customerNow(deps.now(), customer.clockOffsetMs);
  const to = planFor(planId);
  const [credit, charge] = upgradeLines(sub, to, now);
  return {
    prorationDate: now,
    credit: -credit.amount,
    charge: charge.amount,
    currency: to.currency.code,
    periodEnd: sub.currentPeriodEnd,
  };
}

/**
 * A higher plan from now on (or from a preview's `prorationDate`, so the charge is the one
 * shown): the unused share of the old plan is credited, the same share of the new plan charged,
 * on one invoice paid at once. A payment that needs the cardholder holds the new plan in
 * `pending_plan` until they authenticate; a declined card changes nothing.
 */
export async function upgradeNow(
  deps: ProcessorDeps,
  id: string,
  planId: PlanId,
  prorationDate?: Date,
): Promise<SubscriptionSnapshot> {
  await deps.db.transaction(async (tx) => {
    const sub = await loadSubscription(tx, id, { lock: true });
    requireLive(sub.status);
    // The upgrade waiting for its cardholder, if any, is replaced, not paid on top of this one.
    await dropPendingUpgrade(tx, sub);
    const customer = await loadCustomer(tx, sub.customerId);
    const card = await defaultCardOf(tx, customer);
    const now = customerNow(deps.now(), customer.clockOffsetMs);
    const at = prorationDateIn(sub, prorationDate, now);
    const [from, to] = [planFor(sub.plan), planFor(planId)];
    const invoice = await finalizeInvoice(tx, {
      customerId: customer.id,
      subscriptionId: sub.id,
      currency: to.currency.code,
      lines: [...upgradeLines(sub, to, at)],
      periodStart: at,
      periodEnd: sub.currentPeriodEnd,
      issuedAt: now,
    });
    const paid = await payWhileThere(
      tx,
      deps,
      card,
      invoice,
      `Partner Portal ${from.name} → ${to.name}`,
      now,
    );
    await tx
      .update(localSubscriptions)
      .set({
        latestInvoiceId: invoice.id,
        scheduledPlan: null,
        cancelAtPeriodEnd: false,
        ...(paid ? { plan: to.id, pendingPlan: null } : { pendingPlan: to.id }),
      })
      .where(eq(localSubscriptions.id, sub.id));
  });
  return getSubscription(deps, id);
}

async function updateLive(
  deps: ProcessorDeps,
  id: string,
  changes: Partial<typeof localSubscriptions.$inferInsert>,
): Promise<SubscriptionSnapshot> {
  await deps.db.transaction(async (tx) => {
    const sub = await loadSubscription(tx, id, { lock: true });
    requireLive(sub.status);
    // A new choice replaces an upgrade still waiting for its cardholder.
    await dropPendingUpgrade(tx, sub);
    await tx.update(localSubscriptions).set(changes).where(eq(localSubscriptions.id, sub.id));
  });
  return getSubscription(deps, id);
}

/** A lower plan from the next renewal on (null withdraws it); it also withdraws a cancellation. */
export function schedulePlan(deps: ProcessorDeps, id: string, plan: PlanId | null) {
  return updateLive(deps, id, { scheduledPlan: plan, cancelAtPeriodEnd: false });
}

export function setCancelAtPeriodEnd(deps: ProcessorDeps, id: string, cancel: boolean) {
  return updateLive(deps, id, {
    cancelAtPeriodEnd: cancel,
    ...(cancel ? { scheduledPlan: null } : {}),
  });
}

/**
 * The account's members changed: on a per-seat plan the change in seats billed is prorated for
 * the rest of the period onto the next invoice, as Stripe's `create_prorations` does.
 */
export async function setQuantity(
  deps: ProcessorDeps,
  id: string,
  quantity: number,
): Promise<SubscriptionSnapshot> {
  await deps.db.transaction(async (tx) => {
    const sub = await loadSubscription(tx, id, { lock: true });
    requireLive(sub.status);
    if (sub.quantity === quantity) return;
    const plan = planFor(sub.plan);
    // Seats billed, not members: below a per-seat plan's minimum a member changes nothing.
    const change = billableSeats(plan, quantity) - billableSeats(plan, sub.quantity);
    if (change !== 0) {
      const customer = await loadCustomer(tx, sub.customerId);
      const now = customerNow(deps.now(), customer.clockOffsetMs);
      const share = remainingShare(sub.currentPeriodStart, sub.currentPeriodEnd, now);
      const line = planLine(
        plan,
        Math.abs(change),
        { start: now, end: sub.currentPeriodEnd },
        { share, credit: change < 0 },
      );
      // planLine bills at least the plan's minimum; a seat change bills exactly the seats changed.
      line.quantity = Math.abs(change);
      line.amount = line.unit_amount * line.quantity;
      await tx.insert(localInvoiceItems).values({ subscriptionId: sub.id, line });
    }
    await tx.update(localSubscriptions).set({ quantity }).where(eq(localSubscriptions.id, sub.id));
  });
  return getSubscription(deps, id);
}
