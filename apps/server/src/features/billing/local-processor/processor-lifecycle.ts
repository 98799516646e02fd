import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { localInvoiceItems, localInvoices, localSubscriptions } from '../../../db/schema/index';
import type { SubscriptionSnapshot } from '../../../lib/billing-provider';
import { findPaymentMethod, summaryOf } from './processor-cards';
import { addDays, addMonths, customerNow } from './processor-clock';
import { finalizeInvoice, markInvoicePaid, setInvoiceStatus } from './processor-invoices';
import { cancelWaitingIntents, charge } from './processor-payments';
import {
  loadCustomer,
  loadSubscription,
  planFor,
  planLine,
  snapshotOf,
  type LocalSubscriptionRow,
  type ProcessorDeps,
} from './processor-snapshot';

/** What happened to a subscription, for the app to re-read and tell the owner about. */
export interface ProcessorEvent {
  type:
    | 'invoice.paid'
    | 'invoice.payment_failed'
    | 'invoice.payment_action_required'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted';
  subscriptionId: string;
  customerId: string;
  /** For a failed payment: when it will be tried again (null: no more tries). */
  nextAttemptAt?: Date | null;
}

/** Days after a failed renewal on which it is tried again; after the last, it is canceled. */
const RETRY_DAYS = [1, 3, 5] as const;

export async function endSubscription(tx: Db, sub: LocalSubscriptionRow, at: Date) {
  if (sub.latestInvoiceId) {
    const [invoice] = await tx
      .select({ status: localInvoices.status })
      .from(localInvoices)
      .where(eq(localInvoices.id, sub.latestInvoiceId));
    if (invoice?.status === 'open') {
      await cancelWaitingIntents(tx, sub.latestInvoiceId);
      await setInvoiceStatus(
        tx,
        sub.latestInvoiceId,
        sub.status === 'incomplete' ? 'void' : 'uncollectible',
      );
    }
  }
  await tx
    .update(localSubscriptions)
    .set({
      status: sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled',
      canceledAt: at,
      pendingPlan: null,
      scheduledPlan: null,
      nextAttemptAt: null,
    })
    .where(eq(localSubscriptions.id, sub.id));
}

/**
 * A higher plan whose payment still waits for its cardholder is dropped, uncharged: its invoice
 * is voided and its payment can no longer be approved. The account has one payment waiting at a
 * time, and a new choice replaces it (docs/billing.md "One payment waiting at a time").
 */
export async function dropPendingUpgrade(tx: Db, sub: LocalSubscriptionRow) {
  if (!sub.pendingPlan) return;
  if (sub.latestInvoiceId) {
    await cancelWaitingIntents(tx, sub.latestInvoiceId);
    await tx
      .update(localInvoices)
      .set({ status: 'void' })
      .where(and(eq(localInvoices.id, sub.latestInvoiceId), eq(localInvoices.status, 'open')));
  }
  await tx
    .update(localSubscriptions)
    .set({ pendingPlan: null })
    .where(eq(localSubscriptions.id, sub.id));
}

/** Ends a subscription now (account closed): its open invoice is no longer collected. */
export async function cancelNow(deps: ProcessorDeps, id: string): Promise<SubscriptionSnapshot> {
  await deps.db.transaction(async (tx) => {
    const sub = await loadSubscription(tx, id, { lock: true });
    if (['canceled', 'incomplete_expired'].includes(sub.status)) return;
    const customer = await loadCustomer(tx, sub.customerId);
    await endSubscription(tx, sub, customerNow(deps.now(), customer.clockOffsetMs));
  });
  return snapshotOf(deps.db, deps.key, await loadSubscription(deps.db, id));
}

/**
 * Charges the open invoice with the default card while the cardholder is away, and moves the
 * subscription by the answer: paid → active; otherwise past_due with the next try scheduled
 * from the renewal date, or canceled after the last try.
 */
export async function collectRenewal(
  tx: Db,
  deps: ProcessorDeps,
  sub: LocalSubscriptionRow,
  invoiceId: string,
  renewedAt: Date,
  now: Date,
): Promise<ProcessorEvent> {
  const [invoice] = await tx.select().from(localInvoices).where(eq(localInvoices.id, invoiceId));
  const customer = await loadCustomer(tx, sub.customerId);
  const card = await findPaymentMethod(tx, customer.defaultPaymentMethodId);
  const base = { subscriptionId: sub.id, customerId: sub.customerId };
  if (!invoice || !card) throw new Error(`renewal of ${sub.id} has no invoice or card`);
  await cancelWaitingIntents(tx, invoice.id);
  const outcome = await charge(tx, deps.key, {
    customerId: customer.id,
    paymentMethod: card,
    invoiceId: invoice.id,
    purpose: 'payment',
    amount: invoice.total,
    currency: invoice.currency,
    description: `Partner Portal ${planFor(sub.plan).name}`,
    onSession: false,
  });
  if (outcome.kind === 'succeeded') {
    await markInvoicePaid(tx, invoice.id, now, summaryOf(card));
    await tx
      .update(localSubscriptions)
      .set({ status: 'active', failedAttempts: 0, nextAttemptAt: null })
      .where(eq(localSubscriptions.id, sub.id));
    return { type: 'invoice.paid', ...base };
  }
  const failures = sub.failedAttempts + 1;
  const retryDay = RETRY_DAYS[failures - 1];
  if (retryDay === undefined) {
    await endSubscription(tx, { ...sub, status: 'past_due' }, now);
    return { type: 'customer.subscription.deleted', ...base };
  }
  const nextAttemptAt = addDays(renewedAt, retryDay);
  await tx
    .update(localSubscriptions)
    .set({ status: 'past_due', failedAttempts: failures, nextAttemptAt })
    .where(eq(localSubscriptions.id, sub.id));
  return {
    type:
      outcome.kind === 'requires_action'
        ? 'invoice.payment_action_required'
        : 'invoice.payment_failed',
    ...base,
    nextAttemptAt,
  };
}

/**
 * A period ended: cancel if asked, else move to the scheduled plan, invoice the next period with
 * any prorated seat changes, and collect it.
 */
export async function renew(
  tx: Db,
  deps: ProcessorDeps,
  sub: LocalSubscriptionRow,
  now: Date,
): Promise<ProcessorEvent> {
  const base = { subscriptionId: sub.id, customerId: sub.customerId };
  if (sub.cancelAtPeriodEnd) {
    await endSubscription(tx, sub, sub.currentPeriodEnd);
    return { type: 'customer.subscription.deleted', ...base };
  }
  const plan = planFor(sub.scheduledPlan ?? sub.plan);
  const period = { start: sub.currentPeriodEnd, end: addMonths(sub.currentPeriodEnd, 1) };
  const items = await tx
    .select()
    .from(localInvoiceItems)
    .where(and(eq(localInvoiceItems.subscriptionId, sub.id), isNull(localInvoiceItems.invoiceId)));
  const invoice = await finalizeInvoice(tx, {
    customerId: sub.customerId,
    subscriptionId: sub.id,
    currency: plan.currency.code,
    lines: [planLine(plan, sub.quantity, period), ...items.map((item) => item.line)],
    periodStart: period.start,
    periodEnd: period.end,
    issuedAt: period.start,
  });
  for (const item of items) {
    await tx
      .update(localInvoiceItems)
      .set({ invoiceId: invoice.id })
      .where(eq(localInvoiceItems.id, item.id));
  }
  const renewed = {
    ...sub,
    plan: plan.id,
    scheduledPlan: null,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    latestInvoiceId: invoice.id,
    failedAttempts: 0,
  };
  await tx
    .update(localSubscriptions)
    .set({
      plan: renewed.plan,
      scheduledPlan: null,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      latestInvoiceId: invoice.id,
      failedAttempts: 0,
      nextAttemptAt: null,
    })
    .where(eq(localSubscriptions.id, sub.id));
  return collectRenewal(tx, deps, renewed, invoice.id, period.start, now);
}
