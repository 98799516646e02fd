import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
