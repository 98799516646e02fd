import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A partner account (docs/product.md#what-the-product-does): the tenant every member, invite and report row belongs to. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  plan: text('plan'),
  subscriptionStatus: text('subscription_status'),
  billingCustomerId: text('billing_customer_id'),
  billingSubscriptionId: text('billing_subscription_id'),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
