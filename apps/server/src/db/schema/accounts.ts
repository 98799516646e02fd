import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A partner account (docs/product.md#what-the-product-does): the tenant every member, invite and report row belongs to. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    plan: text('plan'),
    subscriptionStatus: text('subscription_status'),
    billingCustomerId: text('billing_customer_id'),
    billingSubscriptionId: text('billing_subscription_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Disabled by an operator (docs/product.md#operator-console): nobody signs in to it until it is
    // enabled again; unlike closing, nothing is deleted and the subscription is left alone.
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console's search and sign-ups by day.
  (table) => [index('accounts_created_idx').on(table.createdAt)],
);
