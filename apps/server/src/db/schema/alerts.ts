import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AlertCondition, AlertState } from '@partner-portal/shared/alerts';
import type { ReportFilters } from '@partner-portal/shared/report-data';
import { accounts } from './accounts';
import { users } from './users';

/**
 * A member's metric alert (docs/product.md#metric-alerts), read as its owner on the rows they
 * may see. `next_close_at` is when the owner's day next ends: the day-close job takes alerts
 * whose time has come and moves it on in the same statement, so one instance evaluates each
 * close.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    metric: text('metric').notNull(),
    filters: jsonb('filters').$type<ReportFilters>().notNull(),
    condition: jsonb('condition').$type<AlertCondition>().notNull(),
    channels: text('channels').array().notNull(),
    state: text('state').$type<AlertState>().notNull().default('ok'),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    lastValue: doublePrecision('last_value'),
    lastDay: text('last_day'),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    nextCloseAt: timestamp('next_close_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('alerts_account_idx').on(table.accountId),
    index('alerts_user_idx').on(table.userId),
    index('alerts_next_close_idx').on(table.nextCloseAt),
  ],
);

/** What an alert did: fired, cleared or stopped, with the figure it read. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: text('day').notNull(),
    event: text('event').$type<'triggered' | 'cleared' | 'stopped'>().notNull(),
    value: doublePrecision('value'),
    comparison: doublePrecision('comparison'),
    notified: boolean('notified').notNull().default(false),
  },
  (table) => [index('alert_events_alert_idx').on(table.alertId, sql`${table.at} desc`)],
);
