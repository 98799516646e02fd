import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CardBehaviour, CardSummary } from '@partner-portal/shared/card';
import type { InvoiceLine } from '@partner-portal/shared/billing';

/*
 * The built-in card processor's own books (docs/billing.md "The built-in card processor"): the
 * objects Stripe would keep on its side — customers, cards, subscriptions, invoices, payments —
 * kept here so `npm start` sells plans offline. A card's number and CVC are never stored: only
 * brand, last 4, expiry, a keyed fingerprint and how the test card behaves.
 */

export const localCustomers = pgTable('local_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  defaultPaymentMethodId: text('default_payment_method_id'),
  // A test clock, as Stripe's: this customer's "now" runs this far ahead of the real one.
  clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localPaymentMethods = pgTable('local_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').references(() => localCustomers.id, { onDelete: 'cascade' }),
  brand: text('brand').$type<CardSummary['brand']>().notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  fingerprint: text('fingerprint').notNull(),
  cardholderName: text('cardholder_name').notNull(),
  behaviour: text('behaviour').$type<CardBehaviour>().notNull(),
  // Set once the cardholder authenticated this card for payments made without them.
  offSessionReady: boolean('off_session_ready').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  attachedAt: timestamp('attached_at', { withTimezone: true }),
});

export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localCustomers.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    quantity: integer('quantity').notNull().default(1),
    // incomplete | active | past_due | canceled | incomplete_expired
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    scheduledPlan: text('scheduled_plan'),
    // A higher plan whose proration payment waits for authentication.
    pendingPlan: text('pending_plan'),
    latestInvoiceId: text('latest_invoice_id'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [
    index('local_subscriptions_customer_idx').on(table.customerId),
    index('local_subscriptions_due_idx').on(table.status, table.currentPeriodEnd),
  ],
);

/** Charges waiting for the next invoice (seat changes prorated mid-period). */
export const localInvoiceItems = pgTable('local_invoice_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  subscriptionId: text('subscription_id')
    .notNull()
    .references(() => localSubscriptions.id, { onDelete: 'cascade' }),
  line: jsonb('line').$type<InvoiceLine>().notNull(),
  invoiceId: text('invoice_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localInvoices = pgTable(
  'local_invoices',
  {
    id: text('id').primaryKey(),
    // INV-<year>-<6 digits>, gapless per year (local_invoice_counters, same transaction).
    number: text('number').notNull().unique(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localCustomers.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    // draft | open | paid | void | uncollectible
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    // The customer's (test-clock) time the invoice was finalised.
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    card: jsonb('card').$type<CardSummary>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('local_invoices_customer_issued_idx').on(table.customerId, table.issuedAt)],
);

export const localInvoiceCounters = pgTable('local_invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const localPaymentIntents = pgTable(
  'local_payment_intents',
  {
    id: text('id').primaryKey(),
    // Looked up by the secret's SHA-256; kept sealed (lib/secret-box.ts) so the billing screen
    // can hand a waiting payment's secret to its owner again later.
    clientSecretHash: text('client_secret_hash').notNull().unique(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localCustomers.id, { onDelete: 'cascade' }),
    paymentMethodId: text('payment_method_id').notNull(),
    invoiceId: text('invoice_id'),
    // payment: pays `invoice_id`; setup: proves a new card before it becomes the default.
    purpose: text('purpose').$type<'payment' | 'setup'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    // requires_action | succeeded | requires_payment_method | canceled
    status: text('status').notNull(),
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('local_payment_intents_customer_idx').on(table.customerId)],
);
