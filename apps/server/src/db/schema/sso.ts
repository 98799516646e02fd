import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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
  samlMetadataUrl: text('saml_metadata_url'),
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

/**
 * The SAML AuthnRequests we sent and are waiting on (docs/security.md#saml-responses-are-signed-meant-for-us-and-used-once): a
 * response's `InResponseTo` must name one of these, for its account, before it expires, and it is
 * taken once. Kept here, not in memory, so any instance may receive the IdP's POST.
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The connection the request was made for: a response outliving a change of IdP fails. */
    connectionUpdatedAt: timestamp('connection_updated_at', { withTimezone: true }).notNull(),
    redirect: text('redirect'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('saml_requests_expires_idx').on(table.expiresAt)],
);

/**
 * Assertion ids already signed in with, kept until the assertion would have expired anyway: the
 * same assertion posted twice (IdP-initiated ones carry no request to take) signs in once.
 */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.id] }),
    index('saml_assertions_expires_idx').on(table.expiresAt),
  ],
);

/**
 * This installation's SAML service-provider key pair (one row): made on first use, shared by
 * every instance, its certificate in every account's SP metadata. It signs our AuthnRequests and
 * decrypts assertions an IdP encrypted to it; the private key is sealed at rest.
 */
export const samlServiceProvider = pgTable('saml_service_provider', {
  id: integer('id').primaryKey().default(1),
  certificate: text('certificate').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
