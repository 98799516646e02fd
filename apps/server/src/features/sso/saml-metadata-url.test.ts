import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, signedInUser, xsrfHeaders } from '../../../test/identity-helpers';
import { createAccount } from '../../../test/factories';
import { idpCertificate, idpMetadataXml } from '../../../test/saml-idp-metadata';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';

/**
 * docs/product.md#single-sign-on: SAML metadata given by the URL the IdP publishes it at (as
 * Okta's "Metadata URL" and Entra ID's "App Federation Metadata Url"), fetched when saved. The IdP
 * here is on this machine, so this app allows private addresses (ALLOW_PRIVATE_OUTBOUND), as a
 * developer's would; that production refuses them is in sso-settings.test.ts.
 */
const env = useTestApp(() => ({ config: createTestConfig({ ALLOW_PRIVATE_OUTBOUND: 'true' }) }));
const db = () => env.database.db;

let server: Server;
let base: string;
let metadata = '';
beforeAll(async () => {
  const { body } = await idpCertificate();
  metadata = idpMetadataXml({
    entityId: 'https://sts.windows.net/tenant/',
    ssoUrl: 'https://login.microsoftonline.com/tenant/saml2',
    certificates: [body],
  });
  server = createServer((request, response) => {
    if (request.url === '/federationmetadata.xml') {
      return response.writeHead(200, { 'content-type': 'application/xml' }).end(metadata);
    }
    if (request.url === '/not-metadata') return response.end('<html>Sign in</html>');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const put = (token: string, saml: object) =>
  env.app.inject({
    method: 'PUT',
    url: '/api/account/sso',
    headers: { ...bearer(token), ...xsrfHeaders },
    remoteAddress: randomIp(),
    payload: { protocol: 'saml', saml, default_permission: 'user' },
  });

async function proOwner() {
  const account = await createAccount(db(), { plan: 'free_pro' });
  return signedInUser(env.app, db(), { permission: 'owner', account });
}

describe('SAML metadata by URL', () => {
  it('fetches and reads it, shows where from, and keeps it when saved again without', async () => {
    const owner = await proOwner();
    const url = `${base}/federationmetadata.xml`;
    const saved = await put(owner.token, { metadata_url: url });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.connection.saml).toMatchObject({
      idp_entity_id: 'https://sts.windows.net/tenant/',
      idp_sso_url: 'https://login.microsoftonline.com/tenant/saml2',
      metadata_url: url,
    });
    const again = await put(owner.token, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.connection.saml.metadata_url).toBe(url);

    // Pasted metadata replaces the URL.
    const pasted = await put(owner.token, { metadata_xml: metadata });
    expect(pasted.json().data.connection.saml.metadata_url).toBeNull();
  });

  it('refuses, naming the URL, what is not metadata or does not answer, and both at once', async () => {
    const owner = await proOwner();
    for (const url of [`${base}/not-metadata`, `${base}/missing`, 'http://127.0.0.1:1/x']) {
      const answer = await put(owner.token, { metadata_url: url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().inputError).toBe('saml.metadata_url');
    }
    const both = await put(owner.token, {
      metadata_url: `${base}/federationmetadata.xml`,
      metadata_xml: metadata,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().inputError).toBe('saml.metadata_url');
  });
});
