import { sql } from 'drizzle-orm';
import {
  boolean,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SSO_DEFAULT_PERMISSIONS, SsoProtocol } from '@partner-portal/shared/sso';
import { accounts } from './accounts';

/**
 * An account's single sign-on (docs/product.md#single-sign-on): at most one identity provider,
 * by SAML (what its metadata said, parsed when the owner saved it) or OpenID Connect (the client
 * secret sealed with the key for secrets at rest).
 */
export const ssoConnections = pgTable('sso_connections', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  protocol: text('protocol').$type<SsoProtocol>().notNull(),
  samlMetadataXml: text('saml_metadata_xml'),
  samlIdpEntityId: text('saml_idp_entity_id'),
  samlIdpSsoUrl: text('saml_idp_sso_url'),
  // PEM bodies (base64 DER) of the IdP's signing certificates: a rollover lists two.
  samlIdpCertificates: text('saml_idp_certificates').array().notNull().default([]),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  oidcClientSecretSealed: text('oidc_client_secret_sealed'),
  defaultPermission: text('default_permission')
    .$type<(typeof SSO_DEFAULT_PERMISSIONS)[number]>()
    .notNull(),
  requireSso: boolean('require_sso').notNull().default(false),
  trustIdpMfa: boolean('trust_idp_mfa').notNull().default(false),
  allowIdpInitiated: boolean('allow_idp_initiated').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail domains an account claims, each proved by a TXT record carrying its token. Any
 * number of accounts may claim a domain; one at a time holds it verified (the partial unique
 * index), and only that one's SSO answers for the people on it.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.domain] }),
    uniqueIndex('sso_domains_verified_idx')
      .on(table.domain)
      .where(sql`verified_at is not null`),
  ],
);
