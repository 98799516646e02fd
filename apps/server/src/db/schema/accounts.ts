import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    // "Require 2FA for every member" (docs/product.md#two-factor-policy): set by the owner, with
    // the moment members without 2FA lose access; null when the account does not require it.
    twoFactorRequiredAt: timestamp('two_factor_required_at', { withTimezone: true }),
    twoFactorDeadline: timestamp('two_factor_deadline', { withTimezone: true }),
    twoFactorGraceDays: integer('two_factor_grace_days').notNull().default(7),
    // The policy job's marks: the reminder mailed a day before, the sessions ended at the deadline.
    twoFactorRemindedAt: timestamp('two_factor_reminded_at', { withTimezone: true }),
    twoFactorEnforcedAt: timestamp('two_factor_enforced_at', { withTimezone: true }),
    // The owner's consent to the insights' AI summary (docs/insights.md#narrative): off by
    // default, since turning it on sends aggregated figures to the configured model.
    insightsNarrative: boolean('insights_narrative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console's search and sign-ups by day.
  (table) => [
    index('accounts_created_idx').on(table.createdAt),
    // The policy job looks only at accounts that require 2FA.
    index('accounts_two_factor_deadline_idx')
      .on(table.twoFactorDeadline)
      .where(sql`two_factor_deadline is not null`),
  ],
);
