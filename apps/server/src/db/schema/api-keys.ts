import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@partner-portal/shared/api-key-rules';
import { accounts } from './accounts';
import { users } from './users';

/**
 * docs/product.md#api-keys: only a SHA-256 of each secret is kept, with a stub to show. A roll
 * moves the replaced secret's hash to `previous_hash`, which works until `previous_valid_until`.
 * Revoking is final: `revoked_at` is never cleared.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // The key acts as its creator, with the creator's permission of the moment.
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    stub: text('stub').notNull(),
    previousHash: text('previous_hash').unique(),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    allowedIps: text('allowed_ips').array().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (table) => [index('api_keys_account_idx').on(table.accountId)],
);

/** Calls per key per day (UTC), for the list's sparkline; written in batches. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.day] })],
);
