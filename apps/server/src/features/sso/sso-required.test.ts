import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts, auditEvents } from '../../db/schema/index';
import { issueOneTimeToken } from '../../lib/one-time-token';
import { createAccount, createUser } from '../../../test/factories';
import { enableTwoFactor, PASSWORD, signedInUser } from '../../../test/identity-helpers';
import { freshDomain, useSsoTestApp } from '../../../test/sso-test-app';
import { createTotp } from '../user/totp';

/** docs/product.md#single-sign-on "Require SSO": no password, link or social way into the account. */
const { env, dns, api } = useSsoTestApp();
const db = () => env.database.db;

const post = (url: string, payload: object, token?: string, method: 'POST' | 'PUT' = 'POST') =>
  api(method, url, payload, token);

/** A Pro account requiring SSO for a verified domain; its owner signed in before it did. */
async function requiringAccount() {
  const account = await createAccount(db(), { plan: 'free_pro' });
  const owner = await signedInUser(env.app, db(), { permission: 'owner', account });
  const domain = freshDomain('req');
  const added = await post('/api/account/sso/domains', { domain }, owner.token);
  const { record } = added.json().data.domains[0];
  dns().setTxt(record.name, [record.value]);
  expect(
    (await post(`/api/account/sso/domains/${domain}/verify`, {}, owner.token)).statusCode,
  ).toBe(200);
  const saved = await post(
    '/api/account/sso',
    {
      protocol: 'oidc',
      oidc: { issuer: 'https://idp.example.test', client_id: 'portal', client_secret: 's' },
      default_permission: 'user',
      require_sso: true,
    },
    owner.token,
    'PUT',
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { account, owner, domain };
}

const signIn = (email: string) => post('/api/auth', { email, password: PASSWORD });

describe('require SSO', () => {
  it('refuses a member’s password, naming the account and the way in', async () => {
    const { account, domain } = await requiringAccount();
    const member = await createUser(db(), {
      email: `member@${domain}`,
      account,
      permission: 'user',
      password: PASSWORD,
    });
    const answer = await signIn(member.user.email);
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().message).toBe(
      `${account.name} signs in through single sign-on. Use “Sign in with single sign-on” instead of a password or a link.`,
    );
  });

  it('refuses a magic link as well', async () => {
    const { account, domain } = await requiringAccount();
    const member = await createUser(db(), {
      email: `link@${domain}`,
      account,
      permission: 'admin',
    });
    const { token } = await issueOneTimeToken(db(), { kind: 'magic', userId: member.user.id });
    const answer = await post('/api/auth/magic/verify', { token });
    expect(answer.statusCode, answer.body).toBe(403);
  });

  it('leaves people off the verified domains, and other accounts, alone', async () => {
    const { account } = await requiringAccount();
    const outsider = await createUser(db(), {
      email: `contractor-${Date.now()}@elsewhere.example`,
      account,
      permission: 'user',
      password: PASSWORD,
    });
    expect((await signIn(outsider.user.email)).statusCode).toBe(200);
  });

  it('lets the owner in with a password and 2FA as a break-glass, audited as such', async () => {
    const { account, domain } = await requiringAccount();
    const owner = await createUser(db(), {
      email: `owner@${domain}`,
      account,
      permission: 'owner',
      password: PASSWORD,
    });
    expect((await signIn(owner.user.email)).statusCode).toBe(403);

    const secret = await enableTwoFactor(db(), owner.user.id);
    const challenge = await signIn(owner.user.email);
    expect(challenge.statusCode, challenge.body).toBe(200);
    expect(challenge.json().data['2fa_required']).toBe(true);
    const code = createTotp(secret, 'x').generate();
    const done = await post('/api/auth/otp', { code, jwt: challenge.json().data.token });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'auth.signin')));
    expect(rows.map((row) => (row.changes as { method: string }).method)).toContain(
      'password:break_glass',
    );
  });

  it('stops when the account leaves Pro, so nobody is locked out', async () => {
    const { account, domain } = await requiringAccount();
    const member = await createUser(db(), {
      email: `later@${domain}`,
      account,
      permission: 'user',
      password: PASSWORD,
    });
    expect((await signIn(member.user.email)).statusCode).toBe(403);
    await db().update(accounts).set({ plan: 'free_plus' }).where(eq(accounts.id, account.id));
    expect((await signIn(member.user.email)).statusCode).toBe(200);
  });
});
