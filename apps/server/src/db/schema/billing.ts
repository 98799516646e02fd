import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The app's record of an account's paid subscription, on whichever provider holds it
 * (docs/billing.md). The provider is the truth; this row is what the app last read from it, plus
 * the one thing only the app knows: which attempt an upgrade belongs to.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'local' | 'stripe'>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    plan: text('plan').notNull(),
    // incomplete | active | trialing | past_due | canceled | incomplete_expired
    status: text('status').notNull(),
    seats: integer('seats').notNull().default(1),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    scheduledPlan: text('scheduled_plan'),
    // A higher plan paid for but waiting for the cardholder's authentication.
    pendingPlan: text('pending_plan'),
    // Sent to the provider with every creating call of this attempt, so retries make one charge.
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // One live or pending subscription per account: the lock that makes parallel upgrades one.
    uniqueIndex('subscriptions_one_open_per_account_idx')
      .on(table.accountId)
      .where(sql`${table.status} in ('incomplete', 'active', 'trialing', 'past_due')`),
    index('subscriptions_account_idx').on(table.accountId),
  ],
);

/** Provider webhook events already handled, so a replayed event changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
