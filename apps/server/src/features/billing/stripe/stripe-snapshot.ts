import type Stripe from 'stripe';
import {
  INVOICE_STATUSES,
  type InvoiceLine,
  type InvoiceSummary,
} from '@partner-portal/shared/billing';
import { CARD_BRANDS, type CardBrand, type CardSummary } from '@partner-portal/shared/card';
import { findPlan, type PlanId } from '@partner-portal/shared/plans';
import type {
  ProviderInvoice,
  ProviderSubscriptionStatus,
  SubscriptionSnapshot,
  WaitingPayment,
} from '../../../lib/billing-provider';
import { planOfPrice, type StripePrices } from './stripe-prices';
import { membersOf } from './stripe-seats';

/*
 * Stripe's objects read as the app's provider answers (docs/billing.md "Stripe"). Stripe's own
 * ids stay Stripe's; amounts are already in minor units; times are Unix seconds.
 */

/** What a subscription read always expands: the open invoice's secret, and a scheduled change. */
export const SUBSCRIPTION_EXPAND = ['latest_invoice.confirmation_secret', 'schedule'];

const at = (seconds: number) => new Date(seconds * 1000);
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The app's plan for a Stripe price; a price STRIPE_PRICES does not name is a setup error. */
export function planOf(
  prices: StripePrices,
  price: string | Stripe.Price | null | undefined,
): PlanId {
  const priceId = idOf(price);
  const plan = priceId ? planOfPrice(prices, priceId) : null;
  if (!plan) {
    throw new Error(`Stripe bills price ${priceId ?? '(none)'}, which STRIPE_PRICES does not name`);
  }
  return plan;
}

function statusOf(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
    case 'incomplete_expired':
      return status as ProviderSubscriptionStatus;
    // Unpaid and paused subscriptions bill nothing usable: the owner is sent to billing.
    default:
      return 'past_due';
  }
}

export function cardOf(method: Stripe.PaymentMethod | null | undefined): CardSummary | null {
  const card = method?.card;
  if (!card) return null;
  const brand = (CARD_BRANDS as readonly string[]).includes(card.brand)
    ? (card.brand as CardBrand)
    : 'unknown';
  return { brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
}

/** The plan a subscription schedule moves to after the current period, if any. */
function scheduledPlanOf(
  prices: StripePrices,
  schedule: Stripe.Subscription['schedule'],
  periodEnd: number,
): PlanId | null {
  if (!schedule || typeof schedule === 'string') return null;
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
  return next?.items[0] ? planOf(prices, next.items[0].price as string | Stripe.Price) : null;
}

export interface WaitingIntent {
  payment: WaitingPayment;
  /** Why Stripe refused the last attempt (a declined first payment is the card's fault). */
  lastError: Stripe.PaymentIntent['last_payment_error'];
}

/** The latest invoice when it is open: what it waits for, found on its payment intent. */
async function waitingPaymentOf(
  stripe: Stripe,
  invoice: Stripe.Invoice | null,
  description: string,
): Promise<WaitingIntent | null> {
  if (!invoice || invoice.status !== 'open' || invoice.amount_remaining <= 0) return null;
  const payments = await stripe.invoicePayments.list({
    invoice: invoice.id,
    expand: ['data.payment.payment_intent'],
    limit: 10,
  });
  const payment = payments.data.find((entry) => entry.is_default) ?? payments.data[0];
  const intent = payment?.payment.payment_intent;
  const paymentIntent = intent && typeof intent !== 'string' ? intent : null;
  const needsAction =
    paymentIntent?.status === 'requires_action' ||
    paymentIntent?.status === 'requires_confirmation';
  return {
    payment: {
      state: needsAction ? 'requires_action' : 'requires_payment_method',
      clientSecret: needsAction
        ? (invoice.confirmation_secret?.client_secret ?? paymentIntent?.client_secret ?? null)
        : null,
      amount: invoice.amount_remaining,
      currency: invoice.currency,
      description,
      nextAttemptAt: invoice.next_payment_attempt ? at(invoice.next_payment_attempt) : null,
    },
    lastError: paymentIntent?.last_payment_error ?? null,
  };
}

/** A subscription read with SUBSCRIPTION_EXPAND, as the app's snapshot. */
export async function snapshotOf(
  stripe: Stripe,
  prices: StripePrices,
  subscription: Stripe.Subscription,
): Promise<
  SubscriptionSnapshot & { lastError: WaitingIntent['lastError']; latestInvoiceId: string | null }
> {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  const plan = planOf(prices, item.price);
  const pendingItem = subscription.pending_update?.subscription_items?.[0];
  const invoice =
    subscription.latest_invoice && typeof subscription.latest_invoice !== 'string'
      ? subscription.latest_invoice
      : null;
  const pendingPlan = pendingItem ? planOf(prices, pendingItem.price) : null;
  const waiting = await waitingPaymentOf(
    stripe,
    invoice,
    findPlan(pendingPlan ?? plan)?.name ?? plan,
  );
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: statusOf(subscription.status),
    plan,
    // The members, as the app gave them; Stripe's item quantity is the seats billed for them.
    quantity: membersOf(subscription),
    periodStart: at(item.current_period_start),
    periodEnd: at(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduledPlan: scheduledPlanOf(prices, subscription.schedule, item.current_period_end),
    pendingPlan,
    waitingPayment: waiting?.payment ?? null,
    latestInvoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number ?? invoice.id,
          total: invoice.total,
          currency: invoice.currency,
          paid: invoice.status === 'paid',
        }
      : null,
    lastError: waiting?.lastError ?? null,
    latestInvoiceId: idOf(subscription.latest_invoice),
  };
}

const day = (seconds: number) => at(seconds).toISOString();

function invoiceStatusOf(status: Stripe.Invoice['status']): InvoiceSummary['status'] {
  const known: readonly string[] = INVOICE_STATUSES;
  return status && known.includes(status) ? (status as InvoiceSummary['status']) : 'draft';
}

export function invoiceSummaryOf(invoice: Stripe.Invoice): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number ?? invoice.id,
    date: day(invoice.status_transitions.finalized_at ?? invoice.created),
    status: invoiceStatusOf(invoice.status),
    total: invoice.total,
    currency: invoice.currency,
    pdf_url: invoice.invoice_pdf ?? null,
  };
}

function lineOf(line: Stripe.InvoiceLineItem): InvoiceLine {
  const parent = line.parent;
  const proration =
    parent?.subscription_item_details?.proration ?? parent?.invoice_item_details?.proration;
  const unit = line.pricing?.unit_amount_decimal;
  return {
    description: line.description ?? '',
    quantity: line.quantity ?? 1,
    unit_amount: unit === null || unit === undefined ? line.amount : Math.round(Number(unit)),
    amount: line.amount,
    period: { start: day(line.period.start), end: day(line.period.end) },
    proration: Boolean(proration),
  };
}

export function invoiceDocumentOf(
  invoice: Stripe.Invoice,
  card: CardSummary | null,
): ProviderInvoice {
  const paidAt = invoice.status_transitions.paid_at;
  // A subscription invoice's own period is the one before the lines'; the lines say what it bills.
  const periods = invoice.lines.data.map((line) => line.period);
  const start = Math.min(...periods.map((period) => period.start), invoice.period_start);
  const end =
    periods.length > 0 ? Math.max(...periods.map((period) => period.end)) : invoice.period_end;
  return {
    ...invoiceSummaryOf(invoice),
    period: {
      start: day(periods.length > 0 ? Math.min(...periods.map((period) => period.start)) : start),
      end: day(end),
    },
    lines: invoice.lines.data.map(lineOf),
    subtotal: invoice.subtotal,
    paid_at: paidAt ? day(paidAt) : null,
    card,
  };
}
