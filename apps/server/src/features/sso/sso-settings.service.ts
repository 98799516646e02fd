import { X509Certificate } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { includesSso } from '@partner-portal/shared/plans';
import {
  SAML_METADATA_MAX_BYTES,
  SSO_PLAN,
  type SsoConnection,
  type SsoSettings,
  type SsoSettingsInput,
} from '@partner-portal/shared/sso';
import type { Db } from '../../db/client';
import { ssoConnections, ssoDomains } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { actorPlan } from '../../lib/account-plan';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { fetchPublicText, OutboundError } from '../../lib/public-fetch';
import { encryptSecret } from '../../lib/secret-box';
import { domainRecord } from './domain-record';
import { certificateFingerprint, parseIdpMetadata } from './saml-metadata';
import { serviceProviderKeys } from './saml-service-provider';
import { serviceProviderOf } from './service-provider-urls';
import { scimSettingsOf } from '../scim/scim-settings.service';

type ConnectionRow = typeof ssoConnections.$inferSelect;

/** 402 naming Pro unless the account's plan, as the actor gets it, includes single sign-on. */
export async function requireSsoPlan(db: Db, actor: Actor): Promise<void> {
  if (!includesSso(await actorPlan(db, actor))) {
    throw new AppError('payment_required', 'error.sso_plan', { plan: SSO_PLAN });
  }
}

/** The connection as the API shows it, and what its audit rows say (never a secret). */
function connectionOf(row: ConnectionRow): SsoConnection {
  return {
    protocol: row.protocol,
    saml:
      row.protocol === 'saml'
        ? {
            idp_entity_id: row.samlIdpEntityId ?? '',
            idp_sso_url: row.samlIdpSsoUrl ?? '',
            certificate_fingerprints: row.samlIdpCertificates.map(certificateFingerprint),
            metadata_url: row.samlMetadataUrl,
          }
        : null,
    oidc:
      row.protocol === 'oidc'
        ? { issuer: row.oidcIssuer ?? '', client_id: row.oidcClientId ?? '' }
        : null,
    default_permission: row.defaultPermission,
    require_sso: row.requireSso,
    trust_idp_mfa: row.trustIdpMfa,
    allow_idp_initiated: row.allowIdpInitiated,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /api/account/sso: the connection (or none), the domains and what to tell the IdP. */
export async function getSsoSettings(ctx: AppContext, actor: Actor): Promise<SsoSettings> {
  const [[connection], domains, keys, scim] = await Promise.all([
    ctx.db.select().from(ssoConnections).where(eq(ssoConnections.accountId, actor.accountId)),
    ctx.db
      .select()
      .from(ssoDomains)
      .where(eq(ssoDomains.accountId, actor.accountId))
      .orderBy(asc(ssoDomains.domain)),
    serviceProviderKeys(ctx.db, ctx.config.encryptionKey),
    scimSettingsOf(ctx.db, ctx.config.appUrl, actor.accountId),
  ]);
  return {
    connection: connection ? connectionOf(connection) : null,
    domains: domains.map((row) => ({
      domain: row.domain,
      verified_at: row.verifiedAt?.toISOString() ?? null,
      record: domainRecord(row.domain, row.token),
    })),
    service_provider: {
      ...serviceProviderOf(ctx.config.appUrl, actor.accountId),
      certificate: keys.certificate,
      certificate_fingerprint: new X509Certificate(keys.certificate).fingerprint256,
    },
    scim,
  };
}

/**
 * The protocol's columns from `input`. The OIDC client secret is sealed; left out, the stored
 * one is kept, but only for the same issuer and client (a secret never follows to another IdP).
 */
function protocolColumns(
  ctx: AppContext,
  input: SsoSettingsInput,
  before: ConnectionRow | undefined,
  fetchedXml: string | null,
) {
  const none = {
    samlMetadataXml: null,
    samlMetadataUrl: null,
    samlIdpEntityId: null,
    samlIdpSsoUrl: null,
    samlIdpCertificates: [],
    oidcIssuer: null,
    oidcClientId: null,
    oidcClientSecretSealed: null,
  };
  if (input.protocol === 'saml') {
    const kept = before?.protocol === 'saml' && !input.saml!.metadata_xml && !fetchedXml;
    const xml = fetchedXml ?? input.saml!.metadata_xml ?? (kept ? before.samlMetadataXml : null);
    if (!xml) {
      throw new AppError('bad_request', 'error.saml_metadata_required', {
        inputError: 'saml.metadata_xml',
      });
    }
    const idp = parseIdpMetadata(xml, fetchedXml ? 'saml.metadata_url' : 'saml.metadata_xml');
    return {
      ...none,
      samlMetadataXml: xml,
      samlMetadataUrl: fetchedXml
        ? input.saml!.metadata_url!
        : kept
          ? before.samlMetadataUrl
          : null,
      samlIdpEntityId: idp.entityId,
      samlIdpSsoUrl: idp.ssoUrl,
      samlIdpCertificates: idp.certificates,
    };
  }
  const oidc = input.oidc!;
  const issuer = oidc.issuer.replace(/\/$/, '');
  // The server fetches the issuer's discovery document: plain http (allowed for an IdP on this
  // machine while developing) would let a production server be pointed at its own ports.
  if (ctx.config.nodeEnv === 'production' && !issuer.startsWith('https://')) {
    throw new AppError('bad_request', 'error.sso_issuer_https', { inputError: 'oidc.issuer' });
  }
  const sameClient =
    before?.protocol === 'oidc' &&
    before.oidcIssuer === issuer &&
    before.oidcClientId === oidc.client_id;
  const sealed = oidc.client_secret
    ? encryptSecret(ctx.config.encryptionKey, oidc.client_secret)
    : sameClient
      ? before.oidcClientSecretSealed
      : null;
  if (!sealed) {
    throw new AppError('bad_request', 'error.oidc_secret_required', {
      inputError: 'oidc.client_secret',
    });
  }
  return {
    ...none,
    oidcIssuer: issuer,
    oidcClientId: oidc.client_id,
    oidcClientSecretSealed: sealed,
  };
}

/** How long an IdP's metadata URL has to answer when the owner saves it. */
const METADATA_FETCH_TIMEOUT_MS = 10_000;

/**
 * The IdP's metadata from the URL the owner gave, as any URL we fetch for someone: public
 * addresses only, no redirect, bounded (lib/public-fetch.ts). A failure is a 400 on the field.
 */
async function fetchIdpMetadata(ctx: AppContext, url: string): Promise<string> {
  try {
    return await fetchPublicText(new URL(url), {
      allowPrivate: ctx.config.allowPrivateOutbound,
      timeoutMs: METADATA_FETCH_TIMEOUT_MS,
      maxBytes: SAML_METADATA_MAX_BYTES,
      accept: 'application/samlmetadata+xml, application/xml, text/xml',
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    ctx.log.info({ url, reason: error.reason }, 'saml metadata url refused');
    throw new AppError(
      'bad_request',
      error.reason === 'private_address'
        ? 'error.outbound_private_address'
        : 'error.saml_metadata_unreachable',
      { inputError: 'saml.metadata_url' },
    );
  }
}

/** PUT /api/account/sso: the owner sets up single sign-on or changes it, audited. */
export async function saveSsoSettings(
  ctx: AppContext,
  caller: Caller,
  input: SsoSettingsInput,
): Promise<SsoSettings> {
  const { actor } = caller;
  await requireSsoPlan(ctx.db, actor);
  // Fetched before the transaction: an IdP taking its time must not hold a row lock.
  const url = input.protocol === 'saml' ? input.saml?.metadata_url : undefined;
  const fetchedXml = url ? await fetchIdpMetadata(ctx, url) : null;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.accountId, actor.accountId))
      .for('update');
    const columns = {
      protocol: input.protocol,
      ...protocolColumns(ctx, input, before, fetchedXml),
      defaultPermission: input.default_permission,
      requireSso: input.require_sso,
      trustIdpMfa: input.trust_idp_mfa,
      allowIdpInitiated: input.allow_idp_initiated,
      updatedAt: now,
    };
    const [after] = await tx
      .insert(ssoConnections)
      .values({ accountId: actor.accountId, createdAt: now, ...columns })
      .onConflictDoUpdate({ target: ssoConnections.accountId, set: columns })
      .returning();
    const { updated_at: _b, ...was } = before ? connectionOf(before) : { updated_at: null };
    const { updated_at: _a, ...is } = connectionOf(after!);
    const secretChanged = input.protocol === 'oidc' && input.oidc?.client_secret !== undefined;
    await recordChange(tx, caller, now, {
      action: 'sso.configured',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { before: before ? was : null, after: is, client_secret_changed: secretChanged },
    });
  });
  return getSsoSettings(ctx, actor);
}

/**
 * DELETE /api/account/sso: single sign-on off; members sign in as before it. The domains stay
 * proved (they are the account's, whatever signs their people in). Allowed on any plan, so an
 * account that left Pro can still clear it.
 */
export async function removeSsoSettings(ctx: AppContext, caller: Caller): Promise<SsoSettings> {
  const { actor } = caller;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(ssoConnections)
      .where(eq(ssoConnections.accountId, actor.accountId))
      .returning();
    if (!removed) throw new AppError('not_found', 'error.not_found');
    const { updated_at: _, ...was } = connectionOf(removed);
    await recordChange(tx, caller, now, {
      action: 'sso.removed',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { before: was },
    });
  });
  return getSsoSettings(ctx, actor);
}
