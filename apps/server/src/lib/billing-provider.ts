import type {
  BillingProviderKind,
  InvoiceDocument,
  InvoiceSummary,
} from '@partner-portal/shared/billing';
import type { CardSummary } from '@partner-portal/shared/card';
import type { PlanId } from '@partner-portal/shared/plans';
import type { Db } from '../db/client';

/*
 * What the app asks of a payment provider (docs/billing.md "Two providers, one interface"). The
 * built-in card processor and Stripe both implement it, and the same contract tests run on both.
 * The provider is the truth about subscriptions and payments; the app keeps a copy
 * (`subscriptions`) that it refreshes from these answers.
 */

export type ProviderSubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'active' | 'trialing' | 'past_due' | 'canceled';

/** A payment of the subscription's latest invoice that waits for the cardholder. */
export interface WaitingPayment {
  state: 'requires_action' | 'requires_payment_method';
  /** Present when the cardholder can act on it now (authenticate). */
  clientSecret: string | null;
  amount: number;
  currency: string;
  description: string;
  /**
   * When the provider tries the card again by itself (a renewal's retries): null when it will
   * not; absent where the caller cannot tell (a card check, a first payment).
   */
  nextAttemptAt?: Date | null;
}

/** The subscription's newest invoice, paid or not: what it last billed. */
export interface LatestInvoice {
  id: string;
  number: string;
  total: number;
  currency: string;
  paid: boolean;
}

/**
 * What `upgradeNow` would charge at `prorationDate`: the unused share of the current plan
 * credited, the new plan's share of the period left charged (both positive amounts).
 */
export interface UpgradeQuote {
  prorationDate: Date;
  credit: number;
  charge: number;
  currency: string;
  periodEnd: Date;
}

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  plan: PlanId;
  quantity: number;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** A lower plan taking over at the period end. */
  scheduledPlan: PlanId | null;
  /** A higher plan paid for but waiting for the cardholder's authentication. */
  pendingPlan: PlanId | null;
  waitingPayment: WaitingPayment | null;
  latestInvoice: LatestInvoice | null;
}

/** What a card change needs before it counts: nothing, or the cardholder's authentication. */
export interface CardChange {
  card: CardSummary;
  action: WaitingPayment | null;
  /**
   * This call made the card the customer's default. False while it waits for its holder, and
   * when it already was the default (a repeat or retried call): the app announces a new card
   * once (card-change.ts).
   */
  changed: boolean;
}

interface InvoicePage {
  invoices: InvoiceSummary[];
  nextCursor: string | null;
}

/** The invoice as the provider keeps it; the app adds seller and customer for the document. */
export type ProviderInvoice = Omit<InvoiceDocument, 'seller' | 'customer'>;

export interface BillingProvider {
  readonly kind: BillingProviderKind;
  /** What the browser needs to take a card (Stripe's publishable key; null for the built-in). */
  readonly publishableKey: string | null;
  /**
   * The same provider writing its books in transaction `db` (billing-lock.ts). Only a provider
   * that keeps its books in our database has one; Stripe's are its own.
   */
  inTransaction?(db: Db): BillingProvider;
  createCustomer(input: { name: string; email: string; idempotencyKey: string }): Promise<string>;
  /** Makes a card token the default card for a first subscription (its payment proves it). */
  attachDefaultCard(customerId: string, token: string): Promise<CardChange>;
  /**
   * Replaces the default card of a paying customer: the new card is checked first (its holder
   * may have to authenticate), then an unpaid renewal is paid with it.
   */
  replaceDefaultCard(customerId: string, token: string): Promise<CardChange>;
  getDefaultCard(customerId: string): Promise<CardSummary | null>;
  /** Subscribes with the default card; a first payment that needs the cardholder waits. */
  createSubscription(input: {
    customerId: string;
    plan: PlanId;
    quantity: number;
    idempotencyKey: string;
  }): Promise<SubscriptionSnapshot>;
  getSubscription(id: string): Promise<SubscriptionSnapshot>;
  /**
   * The subscription that `createSubscription` made with this idempotency key for this customer,
   * or null if that call never made one: how the app finds a payment taken while it died before
   * recording the answer (billing-reconcile.service.ts).
   */
  findSubscriptionByAttempt(
    customerId: string,
    idempotencyKey: string,
  ): Promise<SubscriptionSnapshot | null>;
  /** What `upgradeNow` to `plan` would charge now, changing nothing. */
  previewUpgrade(id: string, plan: PlanId): Promise<UpgradeQuote>;
  /**
   * A higher plan now, prorated and charged at once (the cardholder may have to authenticate).
   * With `prorationDate` (a preview's) the proration is the one previewed.
   */
  upgradeNow(
    id: string,
    plan: PlanId,
    idempotencyKey: string,
    prorationDate?: Date,
  ): Promise<SubscriptionSnapshot>;
  /** A lower plan from the next period on; null withdraws a scheduled change. */
  schedulePlan(id: string, plan: PlanId | null): Promise<SubscriptionSnapshot>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  cancelNow(id: string): Promise<SubscriptionSnapshot>;
  /** Seats: prorated onto the next invoice. */
  setQuantity(id: string, quantity: number): Promise<SubscriptionSnapshot>;
  listInvoices(customerId: string, page: { cursor?: string; limit: number }): Promise<InvoicePage>;
  getInvoice(customerId: string, invoiceId: string): Promise<ProviderInvoice | null>;
}
