import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/** One row per issued JWT (id = jti), so any session can be revoked at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // Why it was ended, when the member should be told on their next request (SESSION_END_REASONS).
    revokedReason: text('revoked_reason'),
    // An operator's last 2FA code typed for a sensitive console action (docs/security.md#operator-console).
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // Active users (the operator console counts sessions in use by day).
    index('sessions_last_seen_idx').on(table.lastSeenAt),
  ],
);

export const ONE_TIME_TOKEN_KINDS = [
  'verify',
  'magic',
  'reset',
  'invite',
  'impersonate',
  'otp_challenge',
  'social',
  // An account's identity provider vouched for the user; the browser trades it for a session.
  'sso',
  // A used embed-token `jti` (built-in analytics): recorded so a reloaded URL is refused.
  'embed_jti',
  // "This was not me": undoes an e-mail change from the old address.
  'email_revert',
  // A code mailed to the current address, for a user without a password changing the e-mail.
  'email_code',
] as const;
export type OneTimeTokenKind = (typeof ONE_TIME_TOKEN_KINDS)[number];

/** Verify / magic / reset / impersonation / OTP-challenge tokens: only a SHA-256 hash is kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<OneTimeTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('one_time_tokens_user_kind_idx').on(table.userId, table.kind)],
);
