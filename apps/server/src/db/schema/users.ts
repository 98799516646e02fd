import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DigestFrequency } from '@partner-portal/shared/digests';
import { accounts } from './accounts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index on lower(email) also guards rows written elsewhere.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    darkMode: boolean('dark_mode').notNull().default(false),
    locale: text('locale').notNull().default('en'),
    verified: boolean('verified').notNull().default(false),
    // A new address asked for but not yet confirmed from its mailbox: until then the user signs
    // in with `email` (docs/security.md "An e-mail change cannot take an account over").
    pendingEmail: text('pending_email'),
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    // The last TOTP step accepted, so a code cannot be replayed within its window.
    totpLastStep: integer('totp_last_step'),
    backupCodeHash: text('backup_code_hash'),
    // Wrong one-time codes (TOTP or backup) across every challenge since the window opened
    // (docs/security.md "Second factor capped per user").
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    secondFactorFailedSince: timestamp('second_factor_failed_since', { withTimezone: true }),
    // Until when the support team may enter this user's account (Help → support access): a
    // consent that lapses by itself, so one given for a ticket never stays open for good. Null or
    // past: not allowed.
    supportUntil: timestamp('support_until', { withTimezone: true }),
    // When the user hid the Welcome page's first-steps checklist; it stays hidden after.
    checklistDismissedAt: timestamp('checklist_dismissed_at', { withTimezone: true }),
    defaultAccountId: uuid('default_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    duplicateUser: boolean('duplicate_user').notNull().default(false),
    isMaster: boolean('is_master').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    // The report digest's cadence and clock (docs/product.md#report-digests); whether it comes at
    // all is the `report_digest` notification. Null zone: never set, read as UTC until the
    // settings screen saves the browser's.
    digestFrequency: text('digest_frequency').$type<DigestFrequency>().notNull().default('weekly'),
    timezone: text('timezone'),
    digestCsv: boolean('digest_csv').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    // Sign-ups by day (the operator console).
    index('users_created_idx').on(table.createdAt),
  ],
);

/** Membership of a user in an account, with the docs/product.md#roles-and-permissions permission and advertiser fields. */
export const accountUsers = pgTable(
  'account_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    advertiserName: text('advertiser_name'),
    enablePlus: boolean('enable_plus').notNull().default(false),
    plusDashboards: jsonb('plus_dashboards').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_users_account_user_idx').on(table.accountId, table.userId),
    index('account_users_user_idx').on(table.userId),
  ],
);

export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oauth_identities_provider_subject_idx').on(table.provider, table.subject),
  ],
);

export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * For `report_digest`: when the scheduler next needs to look at this subscriber (the next
     * period's send time; far in the future for a disabled user). The epoch means "at the next
     * tick": the default, and what the triggers of migration 0022 set whenever the setting, or
     * the user's frequency, zone or disabled flag, changes. A tick reads only the rows due, by a
     * range on the partial index.
     */
    digestDueAt: timestamp('digest_due_at', { withTimezone: true })
      .notNull()
      .default(sql`'epoch'`),
  },
  (table) => [
    uniqueIndex('notification_settings_user_name_idx').on(table.userId, table.name),
    index('notification_settings_digest_due_idx')
      .on(table.digestDueAt)
      .where(sql`${table.name} = 'report_digest' AND ${table.active}`),
  ],
);
