import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { accountUsers, oauthIdentities, outbox, users } from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import { createUser, uniqueEmail } from '../../../test/factories';
import { randomIp, xsrfHeaders } from '../../../test/identity-helpers';
import { startOidcServer, type OidcTestServer } from '../../../test/oidc-server';
import { createTestConfig } from '../../../test/test-config';
import { createTestDatabase } from '../../../test/test-database';

let database: Database;
let app: FastifyInstance;
let oidc: OidcTestServer;
let clock = new Date();

beforeAll(async () => {
  oidc = await startOidcServer();
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database, {
    now: () => clock,
    config: createTestConfig({
      APP_URL: 'http://localhost:8080',
      OAUTH_OIDC_CLIENT_ID: 'partner-portal',
      OAUTH_OIDC_CLIENT_SECRET: 'oidc-secret',
      OAUTH_OIDC_ISSUER: oidc.issuer,
      OAUTH_OIDC_NAME: 'Acme SSO',
      OAUTH_GOOGLE_CLIENT_ID: 'google-client',
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_GOOGLE_ISSUER: oidc.issuer,
    }),
  }));
});
afterAll(async () => {
  await app.close();
  await database.close();
  await oidc.stop();
});
beforeEach(() => {
  clock = new Date();
});

type Person = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

const newPerson = (overrides: Partial<Person> = {}): Person => ({
  sub: `subject-${Math.random().toString(36).slice(2)}`,
  email: uniqueEmail('social'),
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Hopper',
  ...overrides,
});

function cookieLine(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((cookie) => cookie.startsWith(`${name}=`));
}

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | null {
  return cookieLine(setCookie, name)?.split(';')[0] ?? null;
}

/** Starts a flow and lets the provider answer; returns the callback URL and the flow cookie. */
async function startFlow(provider = 'oidc', query = '') {
  const start = await app.inject({
    method: 'GET',
    url: `/auth/${provider}${query}`,
    remoteAddress: randomIp(),
  });
  expect(start.statusCode).toBe(302);
  const cookie = cookieFrom(start.headers['set-cookie'], 'pp_oauth');
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(String(authorize.headers.get('location')));
  return { start, cookie, callback };
}

async function finishFlow(callback: URL, cookie: string | null) {
  const answer = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    remoteAddress: randomIp(),
    headers: cookie ? { cookie } : {},
  });
  expect(answer.statusCode).toBe(302);
  return new URL(String(answer.headers.location));
}

/** The whole browser round trip; returns where the callback sent the browser. */
async function socialRoundTrip(person: Person, provider = 'oidc', query = '') {
  oidc.setClaims({ ...person });
  const { cookie, callback } = await startFlow(provider, query);
  return finishFlow(callback, cookie);
}

const postToken = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { token },
  });

async function identityRows(provider: string, subject: string) {
  return database.db
    .select()
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)));
}

describe('GET /api/auth/providers', () => {
  it('lists only the configured providers, with their button labels', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.providers).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'oidc', name: 'Acme SSO' },
    ]);
  });

  it('lists none when no provider is configured', async () => {
    const plain = await buildTestApp(database);
    try {
      const answer = await plain.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(answer.json().data.providers).toEqual([]);
      // No BRAND_URL, no brand link: the field is left out rather than sent empty.
      expect(answer.json().data).not.toHaveProperty('brandUrl');
      const start = await plain.app.inject({ method: 'GET', url: '/auth/google' });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });
});

describe('GET /api/auth/providers with BRAND_URL', () => {
  it('hands the signed-out screens the configured brand link', async () => {
    const branded = await buildTestApp(database, {
      config: createTestConfig({ BRAND_URL: 'https://partners.example.com/program' }),
    });
    try {
      const answer = await branded.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toEqual({
        providers: [],
        brandUrl: 'https://partners.example.com/program',
      });
    } finally {
      await branded.app.close();
    }
  });
});

describe('GET /auth/{provider}', () => {
  it('sends the browser to the provider with state, nonce and a PKCE S256 challenge', async () => {
    const start = await app.inject({ method: 'GET', url: '/auth/oidc' });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(new URL(oidc.issuer).origin);
    expect(location.searchParams.get('client_id')).toBe('partner-portal');
    expect(location.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/auth/oidc/callback',
    );
    expect(location.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email']),
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')?.length).toBeGreaterThanOrEqual(22);
    expect(location.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(22);

    const setCookie = String(cookieLine(start.headers['set-cookie'], 'pp_oauth'));
    expect(setCookie).toMatch(/^pp_oauth=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/auth/);
    // The flow's secrets are sealed: neither the state nor the nonce can be read off the cookie.
    expect(setCookie).not.toContain(location.searchParams.get('state'));
    expect(setCookie).not.toContain(location.searchParams.get('nonce'));
  });

  it('answers 404 for a provider that is not configured or does not exist', async () => {
    for (const provider of ['microsoft', 'facebook', '..%2f..%2fapi']) {
      const answer = await app.inject({ method: 'GET', url: `/auth/${provider}` });
      expect(answer.statusCode).toBe(404);
    }
  });

  it('sends the browser to the failure screen when the provider cannot be reached', async () => {
    const down = await buildTestApp(database, {
      config: createTestConfig({
        OAUTH_OIDC_CLIENT_ID: 'c',
        OAUTH_OIDC_CLIENT_SECRET: 's',
        OAUTH_OIDC_ISSUER: 'http://127.0.0.1:9',
      }),
    });
    try {
      const answer = await down.app.inject({ method: 'GET', url: '/auth/oidc' });
      expect(answer.statusCode).toBe(302);
      const location = new URL(String(answer.headers.location));
      expect(location.pathname).toBe('/signin/social');
      expect(location.searchParams.get('error')).toBe('failed');
    } finally {
      await down.app.close();
    }
  });
});

describe('social sign-in', () => {
  it('creates a verified user with their own account and signs them in once', async () => {
    const person = newPerson();
    const landing = await socialRoundTrip(person);
    expect(landing.origin + landing.pathname).toBe('http://localhost:8080/signin/social');
    expect(landing.searchParams.get('provider')).toBe('oidc');
    expect(landing.searchParams.get('error')).toBeNull();
    const token = String(landing.searchParams.get('token'));
    expect(token.length).toBeGreaterThanOrEqual(43);

    const signin = await postToken(token);
    expect(signin.statusCode).toBe(200);
    const user = signin.json().data;
    expect(user).toMatchObject({
      email: person.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      verified: true,
      permission: 'owner',
      plan: null,
    });
    expect(user.token).toEqual(expect.any(String));
    const [identity] = await identityRows('oidc', person.sub);
    expect(identity?.userId).toBe(user.id);

    const again = await postToken(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'Something went wrong. Please try signing in again.',
      inputError: 'token',
    });
  });

  it('gives a new user the language and theme the visitor had, and a returning one keeps theirs', async () => {
    const person = newPerson();
    const landing = await socialRoundTrip(person, 'oidc', '?locale=es&dark=1');
    const user = (await postToken(String(landing.searchParams.get('token')))).json().data;
    expect(user).toMatchObject({ locale: 'es', dark_mode: true });
    // Signing in again from a light English page changes nothing of what they chose.
    const again = await socialRoundTrip(person, 'oidc', '?locale=en');
    const back = (await postToken(String(again.searchParams.get('token')))).json().data;
    expect(back).toMatchObject({ id: user.id, locale: 'es', dark_mode: true });
  });

  it('finds a returning person by subject even when their e-mail changed at the provider', async () => {
    const person = newPerson();
    const first = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    const renamed = { ...person, email: uniqueEmail('renamed') };
    const second = await postToken(
      String((await socialRoundTrip(renamed)).searchParams.get('token')),
    );
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(second.json().data.email).toBe(person.email);
  });

  it('keeps identities apart per provider: the same subject elsewhere is someone else', async () => {
    const person = newPerson();
    const viaOidc = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    const viaGoogle = await postToken(
      String(
        (
          await socialRoundTrip({ ...person, email: uniqueEmail('other') }, 'google')
        ).searchParams.get('token'),
      ),
    );
    expect(viaGoogle.json().data.id).not.toBe(viaOidc.json().data.id);
  });

  it('links a verified local user when the provider vouches for the same e-mail', async () => {
    const { user } = await createUser(database.db, { verified: true });
    const person = newPerson({ email: user.email.toUpperCase() });
    const signin = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    expect(signin.json().data.id).toBe(user.id);
    expect((await identityRows('oidc', person.sub))[0]?.userId).toBe(user.id);
  });

  it.each([
    ['the provider has not verified the e-mail', { provider: false, local: true }],
    ['the local user has not verified the e-mail', { provider: true, local: false }],
  ])('refuses to link when %s, and links nothing', async (_case, verified) => {
    const { user } = await createUser(database.db, { verified: verified.local });
    const person = newPerson({ email: user.email, email_verified: verified.provider });
    const landing = await socialRoundTrip(person);
    expect(landing.searchParams.get('error')).toBe('email_in_use');
    expect(landing.searchParams.get('token')).toBeNull();
    expect(await identityRows('oidc', person.sub)).toHaveLength(0);
  });

  it('does not treat an e-mail_verified of "true" as text as verified', async () => {
    const { user } = await createUser(database.db, { verified: true });
    oidc.setClaims({ ...newPerson({ email: user.email }), email_verified: 'true' });
    const { cookie, callback } = await startFlow();
    expect((await finishFlow(callback, cookie)).searchParams.get('error')).toBe('email_in_use');
  });

  it('creates an unverified user and mails a verification link when the provider has not verified the e-mail', async () => {
    const person = newPerson({ email_verified: false });
    const signin = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    expect(signin.json().data).toMatchObject({ email: person.email, verified: false });
    const mails = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, String(person.email)), eq(outbox.template, 'verify')));
    expect(mails).toHaveLength(1);
  });

  it('refuses a person without an e-mail, and a disabled user', async () => {
    const { email: _none, ...anonymous } = newPerson();
    expect((await socialRoundTrip(anonymous)).searchParams.get('error')).toBe('no_email');

    const person = newPerson();
    const signin = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    await database.db
      .update(users)
      .set({ disabled: true })
      .where(eq(users.id, signin.json().data.id));
    expect((await socialRoundTrip(person)).searchParams.get('error')).toBe('disabled');
  });

  it('goes through the OTP step when the user has 2FA on', async () => {
    const person = newPerson();
    const first = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    await database.db
      .update(users)
      .set({ totpEnabled: true })
      .where(eq(users.id, first.json().data.id));
    const second = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({ '2fa_required': true, token: expect.any(String) });
  });

  it('lets a social token expire after 60 seconds', async () => {
    const landing = await socialRoundTrip(newPerson());
    clock = new Date(clock.getTime() + 61_000);
    const late = await postToken(String(landing.searchParams.get('token')));
    expect(late.statusCode).toBe(400);
  });

  it('redeems a social token exactly once under 20 parallel posts', async () => {
    const token = String((await socialRoundTrip(newPerson())).searchParams.get('token'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => postToken(token)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(19);
  });

  it('makes the new account owned by the new user', async () => {
    const person = newPerson();
    const signin = await postToken(
      String((await socialRoundTrip(person)).searchParams.get('token')),
    );
    const memberships = await database.db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.userId, signin.json().data.id));
    expect(memberships.map((m) => m.permission)).toEqual(['owner']);
  });
});

describe('the callback refuses forged or broken flows', () => {
  it('refuses a callback without the flow cookie (login CSRF)', async () => {
    oidc.setClaims(newPerson());
    const { callback } = await startFlow();
    const landing = await finishFlow(callback, null);
    expect(landing.searchParams.get('error')).toBe('failed');
  });

  it('refuses a callback whose state does not match the cookie', async () => {
    oidc.setClaims(newPerson());
    const { cookie, callback } = await startFlow();
    callback.searchParams.set('state', 'forged-state-value-forged-state');
    expect((await finishFlow(callback, cookie)).searchParams.get('error')).toBe('failed');
  });

  it("refuses another flow's cookie, and a tampered one", async () => {
    oidc.setClaims(newPerson());
    const first = await startFlow();
    const second = await startFlow();
    expect((await finishFlow(first.callback, second.cookie)).searchParams.get('error')).toBe(
      'failed',
    );
    const tampered = `${String(second.cookie).slice(0, -4)}AAAA`;
    expect((await finishFlow(second.callback, tampered)).searchParams.get('error')).toBe('failed');
  });

  it('refuses a cookie started for another provider', async () => {
    oidc.setClaims(newPerson());
    const google = await startFlow('google');
    const oidcFlow = await startFlow('oidc');
    expect((await finishFlow(oidcFlow.callback, google.cookie)).searchParams.get('error')).toBe(
      'failed',
    );
  });

  it('refuses a flow older than ten minutes', async () => {
    oidc.setClaims(newPerson());
    const { cookie, callback } = await startFlow();
    clock = new Date(clock.getTime() + 11 * 60_000);
    expect((await finishFlow(callback, cookie)).searchParams.get('error')).toBe('failed');
  });

  it('refuses an ID token with the wrong nonce or audience', async () => {
    for (const forged of [{ nonce: 'replayed-nonce' }, { aud: 'another-client' }]) {
      oidc.setClaims({ ...newPerson(), ...forged });
      const { cookie, callback } = await startFlow();
      expect((await finishFlow(callback, cookie)).searchParams.get('error')).toBe('failed');
    }
  });

  it('refuses an authorization code replayed into a new flow', async () => {
    const person = newPerson();
    oidc.setClaims(person);
    const first = await startFlow();
    await finishFlow(first.callback, first.cookie);
    const second = await startFlow();
    const replay = new URL(second.callback);
    replay.searchParams.set('code', String(first.callback.searchParams.get('code')));
    expect((await finishFlow(replay, second.cookie)).searchParams.get('error')).toBe('failed');
  });

  it('tells a person who cancelled at the provider apart from a failure', async () => {
    oidc.setClaims(newPerson());
    const { cookie, callback } = await startFlow();
    const cancelled = new URL(callback.pathname, callback);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', String(callback.searchParams.get('state')));
    expect((await finishFlow(cancelled, cookie)).searchParams.get('error')).toBe('cancelled');
  });

  it('clears the flow cookie on the callback', async () => {
    oidc.setClaims(newPerson());
    const { cookie, callback } = await startFlow();
    const answer = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      remoteAddress: randomIp(),
      headers: { cookie: String(cookie) },
    });
    expect(cookieLine(answer.headers['set-cookie'], 'pp_oauth')).toMatch(
      /^pp_oauth=;.*Expires=Thu, 01 Jan 1970/,
    );
  });
});

describe('redirect targets', () => {
  it('carries an allow-listed target through to the sign-in page', async () => {
    const landing = await socialRoundTrip(newPerson(), 'oidc', '?redirect=%2Faccount%2Fusers');
    expect(landing.searchParams.get('redirect')).toBe('/account/users');
  });

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com', '/signin'])(
    'drops %s',
    async (target) => {
      const landing = await socialRoundTrip(
        newPerson(),
        'oidc',
        `?redirect=${encodeURIComponent(target)}`,
      );
      expect(landing.searchParams.get('token')).not.toBeNull();
      expect(landing.searchParams.has('redirect')).toBe(false);
    },
  );
});
