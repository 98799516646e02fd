import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    permission: text('permission').notNull().default('user'),
    advertiserName: text('advertiser_name'),
    enablePlus: boolean('enable_plus').notNull().default(false),
    plusDashboards: jsonb('plus_dashboards').$type<string[]>().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invites_account_idx').on(table.accountId),
    index('invites_email_idx').on(table.email),
    // One invite not yet accepted per address and account: a second invite is a resend of it.
    uniqueIndex('invites_open_email_uq')
      .on(table.accountId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null`),
  ],
);
