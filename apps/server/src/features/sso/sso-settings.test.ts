import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, ssoConnections } from '../../db/schema/index';
import { decryptSecret } from '../../lib/secret-box';
import { bearer, randomIp, signedInUser, xsrfHeaders } from '../../../test/identity-helpers';
import { createAccount } from '../../../test/factories';
import { idpCertificate, idpMetadataXml } from '../../../test/saml-idp-metadata';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';
import { certificateFingerprint } from './saml-metadata';

/** docs/product.md#single-sign-on, the owner's settings, through the API. */
const env = useTestApp();
const db = () => env.database.db;

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, payload?: object) =>
  env.app.inject({
    method,
    url: '/api/account/sso',
    headers: { ...bearer(token), ...xsrfHeaders },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

async function proOwner() {
  const account = await createAccount(db(), { plan: 'free_pro' });
  return signedInUser(env.app, db(), { permission: 'owner', account });
}

let certificates: string[] = [];
beforeAll(async () => {
  certificates = [(await idpCertificate()).body, (await idpCertificate()).body];
});

const samlInput = (metadata_xml: string) => ({
  protocol: 'saml',
  saml: { metadata_xml },
  default_permission: 'user',
});

const okta = () =>
  idpMetadataXml({
    entityId: 'http://www.okta.com/exk1',
    ssoUrl: 'https://acme.okta.com/app/acme_portal/exk1/sso/saml',
    certificates,
  });

describe('SAML metadata by URL, in production settings', () => {
  it('is not fetched from this machine or a private network', async () => {
    const owner = await proOwner();
    for (const url of [
      'http://127.0.0.1:8080/metadata',
      'http://localhost/metadata',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const answer = await call(owner.token, 'PUT', {
        protocol: 'saml',
        saml: { metadata_url: url },
        default_permission: 'user',
      });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toMatchObject({ inputError: 'saml.metadata_url' });
      expect(answer.json().message).toMatch(/private network/);
    }
  });
});

describe('plan and permission', () => {
  it('answers 402 naming Pro below it, for reads and changes', async () => {
    const account = await createAccount(db(), { plan: 'free_plus_ai' });
    const owner = await signedInUser(env.app, db(), { permission: 'owner', account });
    for (const answer of [
      await call(owner.token, 'GET'),
      await call(owner.token, 'PUT', samlInput(okta())),
    ]) {
      expect(answer.statusCode, answer.body).toBe(402);
      expect(answer.json().plan).toBe('free_pro');
    }
  });

  it('is the owner’s: an admin of a Pro account gets 403', async () => {
    const owner = await proOwner();
    const admin = await signedInUser(env.app, db(), {
      permission: 'admin',
      account: owner.account,
    });
    expect((await call(admin.token, 'GET')).statusCode).toBe(403);
  });
});

describe('reading', () => {
  it('shows no connection yet, and what to give the identity provider', async () => {
    const owner = await proOwner();
    const answer = await call(owner.token, 'GET');
    expect(answer.statusCode, answer.body).toBe(200);
    const { connection, domains, service_provider } = answer.json().data;
    expect(connection).toBeNull();
    expect(domains).toEqual([]);
    const base = `http://localhost:8080/api/sso/saml/${owner.account.id}`;
    expect(service_provider).toMatchObject({
      entity_id: `${base}/metadata`,
      acs_url: `${base}/acs`,
      metadata_url: `${base}/metadata`,
      oidc_redirect_uri: 'http://localhost:8080/api/sso/oidc/callback',
    });
    // The installation's SAML certificate, the same one the metadata carries.
    const certificate = new X509Certificate(service_provider.certificate);
    expect(service_provider.certificate_fingerprint).toBe(certificate.fingerprint256);
    const metadata = await env.app.inject({ url: `/api/sso/saml/${owner.account.id}/metadata` });
    expect(metadata.body.replace(/\s+/g, '')).toContain(certificate.raw.toString('base64'));
  });
});

describe('SAML', () => {
  it('keeps what the metadata says, shows the certificates’ fingerprints, and audits it', async () => {
    const owner = await proOwner();
    const answer = await call(owner.token, 'PUT', { ...samlInput(okta()), require_sso: true });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('Single sign-on saved.');
    const { connection } = answer.json().data;
    expect(connection).toMatchObject({
      protocol: 'saml',
      saml: {
        idp_entity_id: 'http://www.okta.com/exk1',
        idp_sso_url: 'https://acme.okta.com/app/acme_portal/exk1/sso/saml',
        certificate_fingerprints: certificates.map(certificateFingerprint),
      },
      oidc: null,
      default_permission: 'user',
      require_sso: true,
      trust_idp_mfa: false,
      allow_idp_initiated: false,
    });
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.accountId, owner.account.id), eq(auditEvents.action, 'sso.configured')),
      );
    expect(row?.changes).toMatchObject({
      before: null,
      after: { protocol: 'saml', require_sso: true },
    });
    expect(JSON.stringify(row?.changes)).not.toContain('KeyDescriptor');
  });

  it('takes the POST binding when the IdP offers no redirect', async () => {
    const owner = await proOwner();
    const xml = idpMetadataXml({
      entityId: 'https://sts.windows.net/tenant/',
      ssoUrl: 'https://login.microsoftonline.com/tenant/saml2',
      certificates: certificates.slice(0, 1),
      binding: 'HTTP-POST',
    });
    const answer = await call(owner.token, 'PUT', samlInput(xml));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.connection.saml.idp_sso_url).toBe(
      'https://login.microsoftonline.com/tenant/saml2',
    );
  });

  it.each([
    ['not XML', () => 'this is not <xml', 'The metadata is not well-formed XML.'],
    [
      'an SP’s metadata',
      () => okta().replaceAll('IDPSSODescriptor', 'SPSSODescriptor'),
      'describes no identity provider',
    ],
    [
      'no entity id',
      () => okta().replace(/ entityID="[^"]*"/, ''),
      'describes no identity provider',
    ],
    [
      'a plain-http sign-on URL',
      () => okta().replace('https://acme.okta.com', 'http://acme.okta.com'),
      'names no https sign-on URL',
    ],
    [
      'no certificate',
      () => okta().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''),
      'holds no signing certificate',
    ],
    [
      'a broken certificate',
      () => okta().replace(certificates[0]!, 'bm90IGEgY2VydGlmaWNhdGU='),
      'cannot be read as X.509',
    ],
  ])('refuses metadata with %s, naming the field', async (_, xml, message) => {
    const owner = await proOwner();
    const answer = await call(owner.token, 'PUT', samlInput(xml()));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ inputError: 'saml.metadata_xml' });
    expect(answer.json().message).toContain(message);
    const rows = await db()
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.accountId, owner.account.id));
    expect(rows).toEqual([]);
  });

  it('keeps the stored metadata when a change leaves it out, and asks for it the first time', async () => {
    const owner = await proOwner();
    const first = await call(owner.token, 'PUT', {
      protocol: 'saml',
      saml: {},
      default_permission: 'user',
    });
    expect(first.statusCode, first.body).toBe(400);
    expect(first.json().inputError).toBe('saml.metadata_xml');
    await call(owner.token, 'PUT', samlInput(okta()));
    const kept = await call(owner.token, 'PUT', {
      protocol: 'saml',
      saml: {},
      default_permission: 'admin',
      require_sso: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.connection).toMatchObject({
      default_permission: 'admin',
      require_sso: true,
      saml: { idp_entity_id: 'http://www.okta.com/exk1' },
    });
  });

  it('refuses a protocol without its settings', async () => {
    const owner = await proOwner();
    const answer = await call(owner.token, 'PUT', { protocol: 'saml', default_permission: 'user' });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().inputError).toBe('saml');
  });

  it.each(['owner', 'advertiser'])(
    'refuses %s as the permission of new members',
    async (permission) => {
      const owner = await proOwner();
      const answer = await call(owner.token, 'PUT', {
        ...samlInput(okta()),
        default_permission: permission,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().inputError).toBe('default_permission');
    },
  );
});

describe('OpenID Connect', () => {
  const oidcInput = (oidc: Record<string, string>) => ({
    protocol: 'oidc',
    oidc,
    default_permission: 'admin',
  });

  it('seals the client secret, never answers it, and keeps it while the client stays', async () => {
    const owner = await proOwner();
    const first = await call(
      owner.token,
      'PUT',
      oidcInput({ issuer: 'https://acme.okta.com/', client_id: 'portal', client_secret: 'shh-1' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).not.toContain('shh-1');
    expect(first.json().data.connection.oidc).toEqual({
      issuer: 'https://acme.okta.com',
      client_id: 'portal',
    });
    const [row] = await db()
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.accountId, owner.account.id));
    expect(row?.oidcClientSecretSealed).not.toContain('shh-1');
    expect(decryptSecret(createTestConfig().encryptionKey, row!.oidcClientSecretSealed!)).toBe(
      'shh-1',
    );

    const again = await call(owner.token, 'PUT', {
      ...oidcInput({ issuer: 'https://acme.okta.com', client_id: 'portal' }),
      require_sso: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    const [kept] = await db()
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.accountId, owner.account.id));
    expect(kept?.oidcClientSecretSealed).toBe(row?.oidcClientSecretSealed);
    expect(kept?.requireSso).toBe(true);
  });

  it('asks for the secret the first time, and again for another client', async () => {
    const owner = await proOwner();
    const none = await call(
      owner.token,
      'PUT',
      oidcInput({ issuer: 'https://acme.okta.com', client_id: 'portal' }),
    );
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().inputError).toBe('oidc.client_secret');

    await call(
      owner.token,
      'PUT',
      oidcInput({ issuer: 'https://acme.okta.com', client_id: 'portal', client_secret: 's' }),
    );
    const other = await call(
      owner.token,
      'PUT',
      oidcInput({ issuer: 'https://other.example.com', client_id: 'portal' }),
    );
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().inputError).toBe('oidc.client_secret');
  });

  it('refuses an issuer that is not https', async () => {
    const owner = await proOwner();
    const answer = await call(
      owner.token,
      'PUT',
      oidcInput({ issuer: 'http://acme.okta.com', client_id: 'portal', client_secret: 's' }),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().inputError).toBe('oidc.issuer');
  });
});

describe('removing', () => {
  it('ends single sign-on, audited, and is 404 when there is none', async () => {
    const owner = await proOwner();
    await call(owner.token, 'PUT', samlInput(okta()));
    const removed = await call(owner.token, 'DELETE');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.connection).toBeNull();
    const rows = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.accountId, owner.account.id), eq(auditEvents.action, 'sso.removed')),
      );
    expect(rows).toHaveLength(1);
    expect((await call(owner.token, 'DELETE')).statusCode).toBe(404);
  });
});

describe('GET /api/sso/saml/{account_id}/metadata', () => {
  it('describes our service provider for the account, before anything is saved', async () => {
    const owner = await proOwner();
    const answer = await env.app.inject({ url: `/api/sso/saml/${owner.account.id}/metadata` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('application/xml');
    const base = `http://localhost:8080/api/sso/saml/${owner.account.id}`;
    expect(answer.body).toContain(`entityID="${base}/metadata"`);
    expect(answer.body).toContain(`Location="${base}/acs"`);
    expect(answer.body).toContain('WantAssertionsSigned="true"');
  });

  it('is 404 for an account that does not exist and 400 for what is not an id', async () => {
    const unknown = await env.app.inject({
      url: '/api/sso/saml/00000000-0000-4000-8000-000000000000/metadata',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await env.app.inject({ url: '/api/sso/saml/not-an-id/metadata' });
    expect(bad.statusCode).toBe(400);
  });
});
