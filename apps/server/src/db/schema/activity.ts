import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_account_created_idx').on(table.accountId, table.createdAt),
    // The console's events screen: by time (with the name INCLUDEd, migration 0025, so its
    // per-name counts are index-only scans), and by name over time.
    index('events_created_idx').on(table.createdAt),
    index('events_name_created_idx').on(table.name, table.createdAt),
  ],
);

/**
 * Events per name per UTC day, for days that can no longer change (migration 0028): the
 * console's chart reads these instead of counting a day's events on every load. A day is counted
 * once, by the first request that needs it after it closed (event-day-counts.ts), and a trigger
 * adds any event written later with a time on a counted day (a seed, a test), so the counts stay
 * those of the events table.
 */
export const eventDaysCounted = pgTable('event_days_counted', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

export const eventDayCounts = pgTable(
  'event_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [primaryKey({ name: 'event_day_counts_pk', columns: [table.day, table.name] })],
);

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  rating: text('rating').$type<'positive' | 'neutral' | 'negative'>().notNull(),
  comment: text('comment'),
  // The operator's triage (docs/product.md#operator-console).
  status: text('status').$type<'new' | 'triaged' | 'done'>().notNull().default('new'),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
