import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SSO_DEFAULT_PERMISSIONS } from '@partner-portal/shared/sso';
import { accounts } from './accounts';
import { users } from './users';

/**
 * An account's SCIM bearer token (docs/product.md#scim-provisioning): at most one at a time, kept
 * as its SHA-256 (the token is 256 random bits), shown once when made.
 */
export const scimTokens = pgTable('scim_tokens', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** `pp_scim_Ab12…`: enough to tell tokens apart on the screen. */
  stub: text('stub').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/**
 * The people an account's IdP provisions, by SCIM: who the IdP says they are (`externalId`),
 * whether they are active, and the permission an active one holds. An inactive one keeps this
 * row (and their user) but no membership, so reactivating restores access without an invite.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    active: boolean('active').notNull(),
    permission: text('permission').$type<(typeof SSO_DEFAULT_PERMISSIONS)[number]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId] })],
);

/** The groups an account's IdP pushes (Okta's "Push Groups", Entra ID's assigned groups). */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('scim_groups_account_name_idx').on(
      table.accountId,
      sql`lower(${table.displayName})`,
    ),
  ],
);

/** Who is in each pushed group: provisioned people of the same account only. */
export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('scim_group_members_user_idx').on(table.userId),
  ],
);

/**
 * The owner's mapping of group names to permissions (`Partner Portal Admins` → admin): a
 * provisioned person in a mapped group holds its permission instead of the default.
 */
export const scimGroupPermissions = pgTable(
  'scim_group_permissions',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    permission: text('permission').$type<(typeof SSO_DEFAULT_PERMISSIONS)[number]>().notNull(),
  },
  (table) => [
    uniqueIndex('scim_group_permissions_name_idx').on(
      table.accountId,
      sql`lower(${table.groupName})`,
    ),
  ],
);
