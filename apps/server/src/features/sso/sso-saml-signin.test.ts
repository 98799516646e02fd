import { createVerify, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, auditEvents, samlRequests, users } from '../../db/schema/index';
import { createAccount, createUser } from '../../../test/factories';
import { enableTwoFactor, randomIp, signedInUser } from '../../../test/identity-helpers';
import {
  newSamlId,
  postable,
  readAuthnRequest,
  responseXml,
  samlIdpKey,
  signAssertion,
  signedResponse,
  type AssertionOptions,
  type SamlIdpKey,
} from '../../../test/saml-idp';
import { idpMetadataXml } from '../../../test/saml-idp-metadata';
import { freshDomain, useSsoTestApp } from '../../../test/sso-test-app';

/**
 * docs/security.md#saml-responses-are-signed-meant-for-us-and-used-once by SAML 2.0: a person on a verified domain signs in through
 * the account's IdP (the test plays it: it reads our AuthnRequest and signs its answer with its
 * own key), and every way an answer can be forged, stale, replayed or meant for someone else is
 * refused before anyone is signed in.
 */
const IDP_ENTITY_ID = 'http://www.okta.com/exk1partnerportal';
const IDP_SSO_URL = 'https://company.okta.example/app/partnerportal/sso/saml';

let key: SamlIdpKey;
let otherKey: SamlIdpKey;
beforeAll(async () => {
  [key, otherKey] = await Promise.all([samlIdpKey(), samlIdpKey()]);
});
const { env, dns, api } = useSsoTestApp();
const db = () => env.database.db;

const samlSettings = (settings: Record<string, unknown> = {}) => ({
  protocol: 'saml',
  saml: {
    metadata_xml: idpMetadataXml({
      entityId: IDP_ENTITY_ID,
      ssoUrl: IDP_SSO_URL,
      certificates: [key.body],
    }),
  },
  default_permission: 'user',
  ...settings,
});

/** A Pro account behind the test's SAML IdP, with a verified domain. */
async function samlAccount(settings: Record<string, unknown> = {}) {
  const account = await createAccount(db(), { plan: 'free_pro' });
  const owner = await signedInUser(env.app, db(), { permission: 'owner', account });
  const saved = await api('PUT', '/api/account/sso', samlSettings(settings), owner.token);
  expect(saved.statusCode, saved.body).toBe(200);
  const domain = freshDomain('saml');
  const added = await api('POST', '/api/account/sso/domains', { domain }, owner.token);
  const { record } = added.json().data.domains[0];
  dns().setTxt(record.name, [record.value]);
  const verified = await api('POST', `/api/account/sso/domains/${domain}/verify`, {}, owner.token);
  expect(verified.statusCode, verified.body).toBe(200);
  const serviceProvider: { entity_id: string; acs_url: string } =
    saved.json().data.service_provider;
  return { account, owner, domain, serviceProvider };
}

/** `POST /api/auth/sso`: the IdP URL the browser is sent to, and the AuthnRequest in it. */
async function start(email: string, redirect?: string) {
  const answer = await api('POST', '/api/auth/sso', { email, ...(redirect ? { redirect } : {}) });
  expect(answer.statusCode, answer.body).toBe(200);
  const url: string = answer.json().data.url;
  expect(url.startsWith(`${IDP_SSO_URL}?`)).toBe(true);
  return { url, request: readAuthnRequest(url) };
}

/** What the IdP would answer `request` with for `email`, before signing. */
function answerTo(
  request: ReturnType<typeof readAuthnRequest>,
  email: string,
  overrides: Partial<AssertionOptions> = {},
): AssertionOptions {
  return {
    idpEntityId: IDP_ENTITY_ID,
    audience: request.issuer,
    acsUrl: request.acsUrl,
    inResponseTo: request.id,
    nameId: email,
    attributes: { email, firstName: 'Ada', lastName: 'Lovelace' },
    ...overrides,
  };
}

/** The IdP's page posting `SAMLResponse` to the ACS; where the browser is sent next. */
async function post(accountId: string, samlResponse: string) {
  const answer = await env.app.inject({
    method: 'POST',
    url: `/api/sso/saml/${accountId}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: randomIp(),
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  expect(answer.statusCode, answer.body).toBe(303);
  const landing = new URL(String(answer.headers.location));
  expect(landing.pathname).toBe('/signin/sso');
  return landing;
}

const trade = (token: string) => api('POST', '/api/auth/sso/token', { token });

const auditRows = (accountId: string, action: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)));

async function expectRefused(landing: URL, email?: string, reason = 'failed') {
  expect(landing.searchParams.get('token'), landing.href).toBeNull();
  expect(landing.searchParams.get('error')).toBe(reason);
  if (email) expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
}

describe('SP-initiated sign-in', () => {
  it('signs a new person in, as a member with the default permission, and back to their page', async () => {
    const { account, domain } = await samlAccount();
    const email = `ada@${domain}`;
    const { request } = await start(email, '/account/users');
    const landing = await post(account.id, signedResponse(answerTo(request, email), key));
    expect(landing.searchParams.get('redirect')).toBe('/account/users');

    const signedIn = await trade(landing.searchParams.get('token')!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ email, account_id: account.id });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', passwordHash: null });
    const [membership] = await db()
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.userId, user!.id), eq(accountUsers.accountId, account.id)));
    expect(membership?.permission).toBe('user');
    const signins = await auditRows(account.id, 'auth.signin');
    expect(signins.map((row) => (row.changes as { method?: string }).method)).toContain('sso:saml');
    // The request was taken: nothing of it is left to answer twice.
    expect(await db().select().from(samlRequests).where(eq(samlRequests.id, request.id))).toEqual(
      [],
    );
  });

  it('takes the e-mail from Entra ID’s claim names, or from the NameID when no attribute has it', async () => {
    const { account, domain } = await samlAccount();
    const entra = `entra@${domain}`;
    const first = await start(entra);
    const fromClaims = await post(
      account.id,
      signedResponse(
        answerTo(first.request, `upn-${entra}`, {
          attributes: {
            'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': entra,
            'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Grace',
          },
        }),
        key,
      ),
    );
    const one = await trade(fromClaims.searchParams.get('token')!);
    expect(one.json().data).toMatchObject({ email: entra, first_name: 'Grace' });

    const plain = `plain@${domain}`;
    const second = await start(plain);
    const fromNameId = await post(
      account.id,
      signedResponse(answerTo(second.request, plain, { attributes: {} }), key),
    );
    expect((await trade(fromNameId.searchParams.get('token')!)).json().data.email).toBe(plain);
  });

  it('sends a signed AuthnRequest that the certificate in our metadata verifies', async () => {
    const { account, domain } = await samlAccount();
    const { url } = await start(`sig@${domain}`);
    const query = new URL(url).search.slice(1);
    const [signed, signature] = query.split('&Signature=');
    expect(new URLSearchParams(signed).get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    const metadata = await env.app.inject({ url: `/api/sso/saml/${account.id}/metadata` });
    expect(metadata.body).toContain('AuthnRequestsSigned="true"');
    const body = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(metadata.body)?.[1];
    const certificate = new X509Certificate(Buffer.from(body!.replace(/\s+/g, ''), 'base64'));
    const verifier = createVerify('RSA-SHA256').update(signed!);
    expect(verifier.verify(certificate.publicKey, decodeURIComponent(signature!), 'base64')).toBe(
      true,
    );
  });
});

describe('answers refused', () => {
  it('an assertion without a signature', async () => {
    const { account, domain } = await samlAccount();
    const email = `stripped@${domain}`;
    const { request } = await start(email);
    await expectRefused(
      await post(account.id, postable(responseXml(answerTo(request, email)))),
      email,
    );
  });

  it('an assertion changed after it was signed', async () => {
    const { account, domain } = await samlAccount();
    const email = `honest@${domain}`;
    const { request } = await start(email);
    const signed = signAssertion(responseXml(answerTo(request, email)), key);
    const forged = signed.replaceAll(email, `boss@${domain}`);
    await expectRefused(await post(account.id, postable(forged)), `boss@${domain}`);
  });

  it('an assertion signed by a key the IdP’s metadata does not hold', async () => {
    const { account, domain } = await samlAccount();
    const email = `otherkey@${domain}`;
    const { request } = await start(email);
    await expectRefused(
      await post(account.id, signedResponse(answerTo(request, email), otherKey)),
      email,
    );
  });

  it('an assertion for another audience', async () => {
    const { account, domain } = await samlAccount();
    const email = `audience@${domain}`;
    const { request } = await start(email);
    const answer = answerTo(request, email, { audience: 'https://other-app.example/saml' });
    await expectRefused(await post(account.id, signedResponse(answer, key)), email);
  });

  it('an assertion from another issuer, even signed with the right key', async () => {
    const { account, domain } = await samlAccount();
    const email = `issuer@${domain}`;
    const { request } = await start(email);
    const answer = answerTo(request, email, { idpEntityId: 'http://www.okta.com/someone-else' });
    await expectRefused(await post(account.id, signedResponse(answer, key)), email);
  });

  it('an expired assertion, past the clock skew allowed', async () => {
    const { account, domain } = await samlAccount();
    const email = `expired@${domain}`;
    const { request } = await start(email);
    const answer = answerTo(request, email, { issuedAt: new Date(Date.now() - 7 * 60_000) });
    await expectRefused(await post(account.id, signedResponse(answer, key)), email);
  });

  it('an assertion not yet valid, ahead of the clock skew allowed', async () => {
    const { account, domain } = await samlAccount();
    const email = `early@${domain}`;
    const { request } = await start(email);
    const answer = answerTo(request, email, { issuedAt: new Date(Date.now() + 5 * 60_000) });
    await expectRefused(await post(account.id, signedResponse(answer, key)), email);
  });

  it('an answer to a request we never made', async () => {
    const { account, domain } = await samlAccount();
    const email = `unasked@${domain}`;
    const { request } = await start(email);
    const answer = answerTo(request, email, { inResponseTo: newSamlId() });
    await expectRefused(await post(account.id, signedResponse(answer, key)), email);
  });

  it('an answer to another account’s request', async () => {
    const first = await samlAccount();
    const second = await samlAccount();
    const email = `crossed@${first.domain}`;
    const { request } = await start(email);
    const answer = answerTo(request, email, {
      audience: second.serviceProvider.entity_id,
    });
    await expectRefused(await post(second.account.id, signedResponse(answer, key)), email);
  });

  it('the same answer posted twice (the second is a replay)', async () => {
    const { account, domain } = await samlAccount();
    const email = `replay@${domain}`;
    const { request } = await start(email);
    const response = signedResponse(answerTo(request, email), key);
    const first = await post(account.id, response);
    expect(first.searchParams.get('token')).toBeTruthy();
    await expectRefused(await post(account.id, response));
  });

  it('an answer after the owner changed the connection', async () => {
    const { account, owner, domain } = await samlAccount();
    const email = `changed@${domain}`;
    const { request } = await start(email);
    const resaved = await api(
      'PUT',
      '/api/account/sso',
      samlSettings({ default_permission: 'developer' }),
      owner.token,
    );
    expect(resaved.statusCode).toBe(200);
    await expectRefused(
      await post(account.id, signedResponse(answerTo(request, email), key)),
      email,
    );
  });

  it('XML signature wrapping: a forged assertion beside the signed one', async () => {
    const { account, domain } = await samlAccount();
    const { request } = await start(`wrap@${domain}`);
    const signed = signAssertion(responseXml(answerTo(request, `wrap@${domain}`)), key);
    const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const forged = original
      .replace(/<Signature[\s\S]*<\/Signature>/, '')
      .replaceAll(`wrap@${domain}`, `victim@${domain}`)
      .replace(/ID="[^"]+"/, `ID="${newSamlId()}"`);
    const wrapped = signed.replace(
      original,
      `${forged}<samlp:Extensions>${original}</samlp:Extensions>`,
    );
    await expectRefused(await post(account.id, postable(wrapped)), `victim@${domain}`);
  });

  it('XML signature wrapping: a forged assertion with the signed one’s id, holding it inside', async () => {
    const { account, domain } = await samlAccount();
    const { request } = await start(`wrap2@${domain}`);
    const signed = signAssertion(responseXml(answerTo(request, `wrap2@${domain}`)), key);
    const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const signature = /<Signature[\s\S]*<\/Signature>/.exec(original)![0];
    const unsigned = original.replace(signature, '');
    const forged = unsigned
      .replaceAll(`wrap2@${domain}`, `victim2@${domain}`)
      .replace(
        '</saml:Issuer>',
        `</saml:Issuer>${signature.replace('</Signature>', `<Object>${unsigned}</Object></Signature>`)}`,
      );
    await expectRefused(
      await post(account.id, postable(signed.replace(original, forged))),
      `victim2@${domain}`,
    );
  });

  it('an IdP’s refusal is worded as not allowed', async () => {
    const { account, domain } = await samlAccount();
    const { request } = await start(`denied@${domain}`);
    const denied = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newSamlId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" InResponseTo="${request.id}"><saml:Issuer>${IDP_ENTITY_ID}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:RequestDenied"/></samlp:StatusCode></samlp:Status></samlp:Response>`;
    await expectRefused(await post(account.id, postable(denied)), undefined, 'not_allowed');
  });

  it('a body that is not a SAML response: a 400 when missing, a failed sign-in when garbled', async () => {
    const { account } = await samlAccount();
    const missing = await env.app.inject({
      method: 'POST',
      url: `/api/sso/saml/${account.id}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().inputError).toBe('SAMLResponse');
    await expectRefused(await post(account.id, 'not base64 <xml'));
    await expectRefused(await post(account.id, postable('<unclosed')));
  });
});

describe('IdP-initiated sign-in', () => {
  it('is refused unless the account turned it on; then it works once per assertion', async () => {
    const { account, owner, domain, serviceProvider } = await samlAccount();
    const email = `tile@${domain}`;
    const unasked = (): AssertionOptions => ({
      idpEntityId: IDP_ENTITY_ID,
      audience: serviceProvider.entity_id,
      acsUrl: serviceProvider.acs_url,
      inResponseTo: null,
      nameId: email,
      attributes: { email },
    });
    await expectRefused(await post(account.id, signedResponse(unasked(), key)), email);

    const allowed = await api(
      'PUT',
      '/api/account/sso',
      samlSettings({ allow_idp_initiated: true }),
      owner.token,
    );
    expect(allowed.statusCode).toBe(200);
    const response = signedResponse(unasked(), key);
    const landing = await post(account.id, response);
    expect((await trade(landing.searchParams.get('token')!)).json().data.email).toBe(email);
    await expectRefused(await post(account.id, response));
  });
});

describe('second factor', () => {
  it('asks for ours unless the account trusts the IdP and Entra ID says it did multi-factor', async () => {
    const { account, domain } = await samlAccount({ trust_idp_mfa: true });
    const person = await createUser(db(), { email: `mfa@${domain}` });
    await enableTwoFactor(db(), person.user.id);

    const plain = await start(person.user.email);
    const challenged = await post(
      account.id,
      signedResponse(answerTo(plain.request, person.user.email), key),
    );
    expect((await trade(challenged.searchParams.get('token')!)).json().data).toMatchObject({
      '2fa_required': true,
    });

    const strong = await start(person.user.email);
    const trusted = await post(
      account.id,
      signedResponse(
        answerTo(strong.request, person.user.email, {
          attributes: {
            email: person.user.email,
            'http://schemas.microsoft.com/claims/authnmethodsreferences': [
              'http://schemas.microsoft.com/ws/2008/06/identity/authenticationmethod/password',
              'http://schemas.microsoft.com/claims/multipleauthn',
            ],
          },
        }),
        key,
      ),
    );
    const answer = (await trade(trusted.searchParams.get('token')!)).json().data;
    expect(answer['2fa_required']).toBeUndefined();
    expect(answer.token).toBeTruthy();
  });
});
