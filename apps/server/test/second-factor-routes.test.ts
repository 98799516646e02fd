import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accountUsers, sessions } from '../src/db/schema/index';
import { listRouteAccess } from '../src/lib/auth-guard';
import { issueOneTimeToken } from '../src/lib/one-time-token';
import { createInvite } from '../src/features/team/invite.service';
import { createAccount, createUser } from './factories';
import {
  bearer,
  enableTwoFactor,
  lastMailTo,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from './identity-helpers';
import { useTestApp } from './use-test-app';

/**
 * docs/security.md "One way to a session": every route that can answer a `token` is listed here,
 * and each one that takes a first factor is driven with a 2FA user and must answer the OTP
 * challenge, with no session row written. A new route that answers a token and is not in this
 * table fails the completeness test.
 */
const env = useTestApp();
const db = () => env.database.db;

const post = (url: string, payload: Record<string, unknown>, headers = xsrfHeaders) =>
  env.app.inject({ method: 'POST', url, headers, remoteAddress: randomIp(), payload });

/** True when a zod schema can hold an object with a `token` key (through envelopes and unions). */
function canCarryToken(schema: unknown): boolean {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def) return false;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return 'token' in shape || Object.values(shape).some(canCarryToken);
    }
    case 'union':
      return (def.options as unknown[]).some(canCarryToken);
    case 'intersection':
      return canCarryToken(def.left) || canCarryToken(def.right);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return canCarryToken(def.innerType);
    case 'pipe':
      return canCarryToken(def.in) || canCarryToken(def.out);
    default:
      return false;
  }
}

async function twoFactorUser() {
  const created = await createUser(db(), { password: PASSWORD });
  await enableTwoFactor(db(), created.user.id);
  return created;
}

async function sessionCount(userId: string): Promise<number> {
  return (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;
}

type Driver = () => Promise<{ userId: string; answer: Awaited<ReturnType<typeof post>> }>;

/** Routes that take a first factor: each must stop at the OTP challenge for a 2FA user. */
const FIRST_FACTOR_ROUTES: Record<string, Driver> = {
  'POST /api/auth': async () => {
    const { user } = await twoFactorUser();
    return {
      userId: user.id,
      answer: await post('/api/auth', { email: user.email, password: PASSWORD }),
    };
  },
  'POST /api/auth/magic/verify': async () => {
    const { user } = await twoFactorUser();
    const { token } = await issueOneTimeToken(db(), { kind: 'magic', userId: user.id });
    return { userId: user.id, answer: await post('/api/auth/magic/verify', { token }) };
  },
  'POST /api/auth/password/reset': async () => {
    const { user } = await twoFactorUser();
    const { token } = await issueOneTimeToken(db(), { kind: 'reset', userId: user.id });
    const payload = { jwt: token, email: user.email, password: 'Another-horse-2!' };
    return { userId: user.id, answer: await post('/api/auth/password/reset', payload) };
  },
  'POST /api/user/verify': async () => {
    const { user } = await createUser(db(), { password: PASSWORD, verified: false });
    await enableTwoFactor(db(), user.id);
    const { token } = await issueOneTimeToken(db(), {
      kind: 'verify',
      userId: user.id,
      payload: { email: user.email },
    });
    return { userId: user.id, answer: await post('/api/user/verify', { token }) };
  },
  // The company IdP's sign-in (docs/product.md#single-sign-on), when the account does not take
  // the IdP's word for a second factor.
  'POST /api/auth/sso/token': async () => {
    const { user, account } = await twoFactorUser();
    const { token } = await issueOneTimeToken(db(), {
      kind: 'sso',
      userId: user.id,
      accountId: account.id,
      payload: { method: 'sso:oidc', idp_mfa: false },
    });
    return { userId: user.id, answer: await post('/api/auth/sso/token', { token }) };
  },
  // The "duplicate user" of docs/product.md#api-calls: signing up again with an existing e-mail and its password.
  'POST /api/account': async () => {
    const { user } = await twoFactorUser();
    const answer = await post('/api/account', {
      first_name: 'Mallory',
      last_name: 'Intruder',
      email: user.email,
      partner_name: 'Takeover Ltd',
      password: PASSWORD,
    });
    return { userId: user.id, answer };
  },
  // An invite accepted by someone who already has a user (with 2FA).
  'POST /api/user': async () => {
    const { user } = await twoFactorUser();
    const account = await createAccount(db());
    const invite = await createInvite(db(), {
      accountId: account.id,
      email: user.email,
      permission: 'user',
    });
    const answer = await post('/api/user', {
      first_name: 'Ian',
      last_name: 'Vited',
      email: user.email,
      password: PASSWORD,
      invite_id: invite.token,
    });
    return { userId: user.id, answer };
  },
};

/** Routes that answer a token without taking a first factor, and why that is safe. */
const NOT_FIRST_FACTOR: Record<string, string> = {
  'POST /api/auth/otp': 'is the second factor itself',
  'POST /api/auth/switch': 'needs a live session, which already passed the second factor',
  'POST /api/auth/impersonate':
    'takes a single-use token only the admin CLI mints for a master, of a user who allowed support access',
  'POST /api/billing/local/cards':
    'answers a card token of the built-in card processor, which opens no session',
  'POST /api/account/sso/scim-token':
    'answers the bearer token an IdP provisions with (/scim/v2 only), which opens no session',
};

describe('every route that answers a session token', () => {
  it('is either a first-factor route driven below or a listed exception', () => {
    const tokenRoutes = listRouteAccess(env.app)
      .filter((route) => Object.values(route.schema.response).some(canCarryToken))
      .map((route) => `${route.method} ${route.url.replace(/\/$/, '')}`)
      .sort();
    expect(tokenRoutes).toEqual(
      [...Object.keys(FIRST_FACTOR_ROUTES), ...Object.keys(NOT_FIRST_FACTOR)].sort(),
    );
  });

  for (const [route, drive] of Object.entries(FIRST_FACTOR_ROUTES)) {
    it(`${route} asks for the code when 2FA is on, and opens no session`, async () => {
      const { userId, answer } = await drive();
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      const data = answer.json().data;
      expect(data).toEqual({ '2fa_required': true, token: expect.any(String) });
      expect(await sessionCount(userId)).toBe(0);
    });
  }
});

describe('signing up again as an existing user with 2FA (the duplicate-user path)', () => {
  // The account and the mail come only with the right code: writes-after-second-factor.test.ts.
  it('asks for the code before creating the account or mailing the user', async () => {
    const { user } = await twoFactorUser();
    const answer = await post('/api/account', {
      first_name: 'Mallory',
      last_name: 'Intruder',
      email: user.email,
      partner_name: 'Takeover Ltd',
      password: PASSWORD,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data['2fa_required']).toBe(true);
    await expect(lastMailTo(db(), user.email, 'account_added')).rejects.toThrow(/no mail/);
    expect(
      await db().select().from(accountUsers).where(eq(accountUsers.userId, user.id)),
    ).toHaveLength(1);
  });

  it('without 2FA signs in to the new account and still mails the user', async () => {
    const { user } = await createUser(db(), { password: PASSWORD });
    const answer = await post('/api/account', {
      first_name: 'Ada',
      last_name: 'Again',
      email: user.email,
      partner_name: 'Second Venture',
      password: PASSWORD,
    });
    expect(answer.statusCode).toBe(201);
    const data = answer.json().data;
    expect(data).toMatchObject({ account_name: 'Second Venture', duplicate_user: true });
    const [owner] = await db()
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.userId, user.id), eq(accountUsers.accountId, data.account_id)));
    expect(owner?.permission).toBe('owner');
    expect((await lastMailTo(db(), user.email, 'account_added')).subject).toContain(
      'Second Venture',
    );
  });
});

describe('switching accounts', () => {
  it('needs a session that passed the second factor', async () => {
    const { user, token } = await signedInUser(env.app, db());
    const other = await createAccount(db());
    await db()
      .insert(accountUsers)
      .values({ accountId: other.id, userId: user.id, permission: 'user' });
    await enableTwoFactor(db(), user.id);
    // A session opened before 2FA was turned on keeps working; without one, the route is closed.
    expect((await post('/api/auth/switch', { account: other.id }, bearer(token))).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/switch', { account: other.id })).statusCode).toBe(401);
  });
});
