import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accounts,
  accountUsers,
  auditEvents,
  outbox,
  users,
  webhookMessages,
} from '../../db/schema/index';
import { createAccount, createUser } from '../../../test/factories';
import {
  enableTwoFactor,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { startOidcServer, type OidcTestServer } from '../../../test/oidc-server';
import { buildTestApp } from '../../../test/build-test-app';
import { createTestConfig } from '../../../test/test-config';
import { freshDomain, useSsoTestApp } from '../../../test/sso-test-app';

/**
 * docs/product.md#single-sign-on by OpenID Connect: a person on a verified domain signs in
 * through the account's IdP (a real OIDC server on this machine), found by a real DNS lookup.
 */
let oidc: OidcTestServer;
beforeAll(async () => {
  oidc = await startOidcServer();
});
afterAll(async () => {
  await oidc?.stop();
});
// The IdP is on this machine: this app may reach it, as a developer's would (a production one
// may not, below).
const { env, dns, api } = useSsoTestApp({ ALLOW_PRIVATE_OUTBOUND: 'true' });
const db = () => env.database.db;

/** A Pro account behind the local IdP, with a verified domain. */
async function ssoAccount(settings: Record<string, unknown> = {}) {
  const account = await createAccount(db(), { plan: 'free_pro' });
  const owner = await signedInUser(env.app, db(), { permission: 'owner', account });
  const saved = await api(
    'PUT',
    '/api/account/sso',
    {
      protocol: 'oidc',
      oidc: { issuer: oidc.issuer, client_id: 'portal', client_secret: 'portal-secret' },
      default_permission: 'user',
      ...settings,
    },
    owner.token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const domain = freshDomain('sso');
  const added = await api('POST', '/api/account/sso/domains', { domain }, owner.token);
  const { record } = added.json().data.domains[0];
  dns().setTxt(record.name, [record.value]);
  const verified = await api('POST', `/api/account/sso/domains/${domain}/verify`, {}, owner.token);
  expect(verified.statusCode, verified.body).toBe(200);
  return { account, owner, domain };
}

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0] ?? null;
}

/** The browser's round trip: ask where to sign in, go to the IdP, come back; where it lands. */
async function roundTrip(email: string, claims: Record<string, unknown> = {}) {
  oidc.setClaims({
    sub: `subject-${email}`,
    email,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...claims,
  });
  const start = await api('POST', '/api/auth/sso', { email });
  expect(start.statusCode, start.body).toBe(200);
  const cookie = cookieFrom(start.headers['set-cookie'], 'pp_sso');
  expect(cookie).not.toBeNull();
  const authorize = await fetch(start.json().data.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(String(authorize.headers.get('location')));
  expect(callback.pathname).toBe('/api/sso/oidc/callback');
  const back = await env.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookie! },
    remoteAddress: randomIp(),
  });
  expect(back.statusCode).toBe(302);
  const landing = new URL(String(back.headers.location));
  expect(landing.pathname).toBe('/signin/sso');
  return { landing, callback };
}

const trade = (token: string) => api('POST', '/api/auth/sso/token', { token });

const auditRows = (accountId: string, action: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)));

describe('a first sign-in through the IdP', () => {
  it('makes the user and their membership, mails the owner, and opens a session in the account', async () => {
    const { account, owner, domain } = await ssoAccount();
    const hook = await api(
      'POST',
      '/api/webhooks',
      { url: 'https://hooks.example.com/in', events: ['member.joined'] },
      owner.token,
    );
    expect(hook.statusCode, hook.body).toBe(201);
    const email = `ada@${domain}`;
    const { landing } = await roundTrip(email);
    const token = landing.searchParams.get('token');
    expect(token, landing.href).toBeTruthy();

    const signedIn = await trade(token!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ email, account_id: account.id });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ verified: true, passwordHash: null, firstName: 'Grace' });
    const [membership] = await db()
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.userId, user!.id), eq(accountUsers.accountId, account.id)));
    expect(membership?.permission).toBe('user');
    expect(await auditRows(account.id, 'sso.member_joined')).toHaveLength(1);
    const signins = await auditRows(account.id, 'auth.signin');
    expect(signins.some((row) => (row.changes as { method?: string }).method === 'sso:oidc')).toBe(
      true,
    );
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, owner.user.email), eq(outbox.template, 'sso_member_joined')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('joined');
    // The partner's systems hear of it too (docs/product.md#webhooks).
    const told = await db()
      .select({ payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(eq(webhookMessages.accountId, account.id));
    expect(told.map((row) => row.payload.data)).toEqual([
      { account_id: account.id, user_id: user!.id, email, permission: 'user', via: 'sso' },
    ]);

    // The token is good once.
    const again = await trade(token!);
    expect(again.statusCode).toBe(400);
    expect(again.json().inputError).toBe('token');
  });

  it('links someone who already has a user, without a second one or a second mail', async () => {
    const { account, owner, domain } = await ssoAccount();
    const existing = await createUser(db(), { email: `grace@${domain}` });
    for (let round = 0; round < 2; round++) {
      const { landing } = await roundTrip(existing.user.email);
      const signedIn = await trade(landing.searchParams.get('token')!);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().data.account_id).toBe(account.id);
    }
    expect(
      await db().select().from(users).where(eq(users.email, existing.user.email)),
    ).toHaveLength(1);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, owner.user.email), eq(outbox.template, 'sso_member_joined')));
    expect(mails).toHaveLength(1);
  });
});

describe('when the account requires SSO', () => {
  it('is the way in that stays open', async () => {
    const { account, domain } = await ssoAccount({ require_sso: true });
    const member = await createUser(db(), { email: `kept@${domain}`, account, permission: 'user' });
    const { landing } = await roundTrip(member.user.email);
    const signedIn = await trade(landing.searchParams.get('token')!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.account_id).toBe(account.id);
  });
});

describe('second factor', () => {
  it('asks for our code after the IdP unless the account trusts the IdP’s MFA and the IdP did it', async () => {
    const { domain } = await ssoAccount({ trust_idp_mfa: true });
    const person = await createUser(db(), { email: `turing@${domain}` });
    await enableTwoFactor(db(), person.user.id);

    const noMfa = await roundTrip(person.user.email, { amr: ['pwd'] });
    const challenged = await trade(noMfa.landing.searchParams.get('token')!);
    expect(challenged.json().data).toMatchObject({ '2fa_required': true });

    const withMfa = await roundTrip(person.user.email, { amr: ['pwd', 'mfa'] });
    const trusted = await trade(withMfa.landing.searchParams.get('token')!);
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json().data['2fa_required']).toBeUndefined();
    expect(trusted.json().data.token).toBeTruthy();
  });

  it('never skips our code when the account does not trust the IdP’s MFA', async () => {
    const { domain } = await ssoAccount();
    const person = await createUser(db(), { email: `lovelace@${domain}` });
    await enableTwoFactor(db(), person.user.id);
    const { landing } = await roundTrip(person.user.email, { amr: ['mfa'] });
    const answer = await trade(landing.searchParams.get('token')!);
    expect(answer.json().data).toMatchObject({ '2fa_required': true });
  });
});

describe('refusals', () => {
  it('answers 404 naming the e-mail for a domain without single sign-on', async () => {
    const answer = await api('POST', '/api/auth/sso', { email: 'someone@nowhere.example' });
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json().inputError).toBe('email');
  });

  it('refuses an identity the IdP vouches for outside the account’s verified domains', async () => {
    const { domain } = await ssoAccount();
    const { landing } = await roundTrip(`ada@${domain}`, { email: 'ada@elsewhere.example' });
    expect(landing.searchParams.get('error')).toBe('not_allowed');
    expect(landing.searchParams.get('token')).toBeNull();
    expect(await db().select().from(users).where(eq(users.email, 'ada@elsewhere.example'))).toEqual(
      [],
    );
  });

  it('refuses a disabled user', async () => {
    const { domain } = await ssoAccount();
    const person = await createUser(db(), { email: `off@${domain}` });
    await db().update(users).set({ disabled: true }).where(eq(users.id, person.user.id));
    const { landing } = await roundTrip(person.user.email);
    expect(landing.searchParams.get('error')).toBe('disabled');
  });

  it('fails a callback that arrives without the browser’s flow (login CSRF)', async () => {
    const { domain } = await ssoAccount();
    oidc.setClaims({ sub: 'csrf', email: `csrf@${domain}` });
    const start = await api('POST', '/api/auth/sso', { email: `csrf@${domain}` });
    const authorize = await fetch(start.json().data.url, { redirect: 'manual' });
    const callback = new URL(String(authorize.headers.get('location')));
    const back = await env.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(new URL(String(back.headers.location)).searchParams.get('error')).toBe('failed');
  });

  it('never reaches an issuer on a private address from a server that does not allow it', async () => {
    const { domain } = await ssoAccount();
    const production = await buildTestApp(env.database, {
      config: createTestConfig({ DNS_SERVERS: dns().address }),
    });
    try {
      const answer = await production.app.inject({
        method: 'POST',
        url: '/api/auth/sso',
        headers: xsrfHeaders,
        remoteAddress: randomIp(),
        payload: { email: `ada@${domain}` },
      });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['set-cookie']).toBeUndefined();
    } finally {
      await production.app.close();
    }
  });

  it('stops when the account leaves Pro', async () => {
    const { account, domain } = await ssoAccount();
    await db().update(accounts).set({ plan: 'free_plus' }).where(eq(accounts.id, account.id));
    const answer = await api('POST', '/api/auth/sso', { email: `ada@${domain}` });
    expect(answer.statusCode).toBe(404);
  });
});
