import { and, eq, inArray } from 'drizzle-orm';
import type { CardSummary } from '@partner-portal/shared/card';
import type { Db } from '../../../db/client';
import { localInvoices, localSubscriptions } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import type { CardChange } from '../../../lib/billing-provider';
import {
  attachPaymentMethod,
  findPaymentMethod,
  setDefaultPaymentMethod,
  summaryOf,
} from './processor-cards';
import { customerNow } from './processor-clock';
import { collectRenewal, endSubscription, type ProcessorEvent } from './processor-lifecycle';
import { markInvoicePaid, setInvoiceStatus } from './processor-invoices';
import {
  charge,
  findWaitingIntent,
  markOffSessionReady,
  settleIntent,
  type PaymentIntentRow,
} from './processor-payments';
import { loadCustomer, type ProcessorDeps } from './processor-snapshot';
import { declined } from './processor-subscriptions';

async function subscriptionOfInvoice(tx: Db, invoiceId: string | null) {
  if (!invoiceId) return null;
  const [row] = await tx
    .select({ sub: localSubscriptions })
    .from(localInvoices)
    .innerJoin(localSubscriptions, eq(localSubscriptions.id, localInvoices.subscriptionId))
    .where(eq(localInvoices.id, invoiceId))
    .limit(1)
    .for('update', { of: localSubscriptions });
  return row?.sub ?? null;
}

/** A new default card pays the renewals that failed, straight away. */
async function retryOverdue(
  tx: Db,
  deps: ProcessorDeps,
  customerId: string,
  now: Date,
): Promise<ProcessorEvent[]> {
  const overdue = await tx
    .select()
    .from(localSubscriptions)
    .where(
      and(
        eq(localSubscriptions.customerId, customerId),
        inArray(localSubscriptions.status, ['past_due']),
      ),
    )
    .for('update');
  const events: ProcessorEvent[] = [];
  for (const sub of overdue) {
    if (!sub.latestInvoiceId) continue;
    events.push(
      await collectRenewal(tx, deps, sub, sub.latestInvoiceId, sub.currentPeriodStart, now),
    );
  }
  return events;
}

/** The cardholder approved: the invoice is paid and the subscription moves on. */
async function onApproved(
  tx: Db,
  deps: ProcessorDeps,
  intent: PaymentIntentRow,
  paidAt: Date,
): Promise<ProcessorEvent[]> {
  const card = await findPaymentMethod(tx, intent.paymentMethodId);
  if (!card) throw new Error(`intent ${intent.id} lost its card`);
  await markOffSessionReady(tx, card.id);
  if (intent.purpose === 'setup') {
    await setDefaultPaymentMethod(tx, intent.customerId, card.id);
    return retryOverdue(tx, deps, intent.customerId, paidAt);
  }
  if (!intent.invoiceId) return [];
  await markInvoicePaid(tx, intent.invoiceId, paidAt, summaryOf(card));
  const sub = await subscriptionOfInvoice(tx, intent.invoiceId);
  if (!sub) return [];
  await tx
    .update(localSubscriptions)
    .set({
      status: 'active',
      failedAttempts: 0,
      nextAttemptAt: null,
      ...(sub.pendingPlan ? { plan: sub.pendingPlan, pendingPlan: null } : {}),
    })
    .where(eq(localSubscriptions.id, sub.id));
  return [{ type: 'invoice.paid', subscriptionId: sub.id, customerId: sub.customerId }];
}

/**
 * The cardholder refused (or the bank did): a first payment ends its subscription and an
 * upgrade is dropped, so nothing is left half-bought; a renewal stays past due for its retries.
 */
async function onRefused(tx: Db, intent: PaymentIntentRow, at: Date): Promise<ProcessorEvent[]> {
  if (intent.purpose !== 'payment' || !intent.invoiceId) return [];
  const sub = await subscriptionOfInvoice(tx, intent.invoiceId);
  if (!sub) return [];
  const event: ProcessorEvent = {
    type: 'customer.subscription.updated',
    subscriptionId: sub.id,
    customerId: sub.customerId,
  };
  if (sub.status === 'incomplete') {
    await endSubscription(tx, sub, at);
  } else if (sub.pendingPlan) {
    await setInvoiceStatus(tx, intent.invoiceId, 'void');
    await tx
      .update(localSubscriptions)
      .set({ pendingPlan: null })
      .where(eq(localSubscriptions.id, sub.id));
  }
  return [event];
}

/**
 * POST /api/billing/local/authenticate: the built-in processor's issuer page answers a payment
 * waiting for its cardholder. Only the first answer counts.
 */
export async function authenticatePayment(
  deps: ProcessorDeps,
  clientSecret: string,
  outcome: 'complete' | 'fail',
  /** The payer's customer: another customer's payment is not found, whatever the secret. */
  customerId?: string | null,
): Promise<{
  status: 'succeeded' | 'requires_payment_method';
  customerId: string;
  events: ProcessorEvent[];
  /** The card an approved card check just made the default (the app announces it). */
  newDefaultCard: CardSummary | null;
}> {
  return deps.db.transaction(async (tx) => {
    const waiting = await findWaitingIntent(tx, clientSecret);
    if (!waiting || (customerId !== undefined && waiting.customerId !== customerId)) {
      throw new AppError('bad_request', 'error.payment_not_waiting');
    }
    const customer = await loadCustomer(tx, waiting.customerId);
    const now = customerNow(deps.now(), customer.clockOffsetMs);
    const status = outcome === 'complete' ? 'succeeded' : 'requires_payment_method';
    const intent = await settleIntent(
      tx,
      waiting.id,
      status,
      outcome === 'complete' ? null : 'authentication_failed',
    );
    if (!intent) throw new AppError('bad_request', 'error.payment_not_waiting');
    const events =
      outcome === 'complete'
        ? await onApproved(tx, deps, intent, now)
        : await onRefused(tx, intent, now);
    const proved = outcome === 'complete' && intent.purpose === 'setup';
    const card = proved ? await findPaymentMethod(tx, intent.paymentMethodId) : null;
    return {
      status,
      customerId: customer.id,
      events,
      newDefaultCard: card ? summaryOf(card) : null,
    };
  });
}

/**
 * A new default card. A card that asks for its holder on every payment is proved first (a setup
 * waiting for authentication); otherwise it becomes the default at once, and a renewal that
 * failed is tried again with it straight away.
 */
export async function changeDefaultCard(
  deps: ProcessorDeps,
  customerId: string,
  token: string,
): Promise<{ change: CardChange; events: ProcessorEvent[] }> {
  return deps.db.transaction(async (tx) => {
    const card = await attachPaymentMethod(tx, customerId, token);
    const customer = await loadCustomer(tx, customerId);
    const now = customerNow(deps.now(), customer.clockOffsetMs);
    // Already the default: the repeat call after its holder approved it, or a retried call.
    if (customer.defaultPaymentMethodId === card.id) {
      return { change: { card: summaryOf(card), action: null, changed: false }, events: [] };
    }
    const proof = await charge(tx, deps.key, {
      customerId,
      paymentMethod: card,
      invoiceId: null,
      purpose: 'setup',
      amount: 0,
      currency: 'usd',
      description: 'Partner Portal card check',
      onSession: true,
    });
    if (proof.kind === 'declined') throw declined(proof.declineCode);
    if (proof.kind === 'requires_action') {
      return {
        change: {
          card: summaryOf(card),
          action: {
            state: 'requires_action',
            clientSecret: proof.clientSecret,
            amount: 0,
            currency: 'usd',
            description: proof.intent.description,
          },
          changed: false,
        },
        events: [],
      };
    }
    await markOffSessionReady(tx, card.id);
    await setDefaultPaymentMethod(tx, customerId, card.id);
    const events = await retryOverdue(tx, deps, customerId, now);
    return { change: { card: summaryOf(card), action: null, changed: true }, events };
  });
}
