import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * Computed insights, one row per (account, whose rows, request): the engine runs once per data
 * day, and a row is used only while `data_stamp` is still the account's data version (every
 * insert into its report rows moves it, reportDataVersions). `scope` is '' for the whole account, else the advertiser's name.
 */
export const insightRuns = pgTable(
  'insight_runs',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    // `latest:7` or `2026-11-20:7`: the as-of day asked for (or the latest) and the window.
    requestKey: text('request_key').notNull(),
    dataStamp: text('data_stamp').notNull(),
    payload: jsonb('payload').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.scope, table.requestKey] })],
);

/** 👍/👎 on an insight card: kept to learn which insight types people find useful. */
export const insightFeedback = pgTable(
  'insight_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    insightId: text('insight_id').notNull(),
    type: text('type').notNull(),
    metric: text('metric').notNull(),
    seriesKey: text('series_key').notNull(),
    useful: boolean('useful').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('insight_feedback_account_created_idx').on(table.accountId, table.createdAt)],
);

/** "Mute this series": a viewer's own, so one member's mute hides nothing from the others. */
export const insightMutes = pgTable(
  'insight_mutes',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The metric and the segment: every insight type on that series is hidden.
    seriesKey: text('series_key').notNull(),
    mutedUntil: timestamp('muted_until', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId, table.seriesKey] })],
);
