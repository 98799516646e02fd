import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accounts,
  accountUsers,
  events,
  feedback,
  invites,
  outbox,
  reportRows,
  users,
} from '../../db/schema/index';
import { ACCOUNT_LIMITS } from '../../lib/account-rate-limit';
import { issueOneTimeToken } from '../../lib/one-time-token';
import { createReportRows, createUser, uniqueEmail } from '../../../test/factories';
import {
  bearer,
  lastMailTo,
  PASSWORD,
  randomIp,
  signedInUser,
  tokenFromLink,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();
const db = () => env.database.db;

const close = (url: '/api/account' | '/api/user', token: string, payload: object = {}) =>
  env.app.inject({
    method: 'DELETE',
    url,
    headers: bearer(token),
    remoteAddress: randomIp(),
    payload,
  });

const authStatus = async (token: string) =>
  (await env.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).statusCode;

const signIn = (payload: Record<string, string>) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload,
  });

async function addInvite(accountId: string) {
  const [invite] = await db()
    .insert(invites)
    .values({
      accountId,
      email: uniqueEmail('invitee'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return invite;
}

const accountOf = async (id: string) =>
  (await db().select().from(accounts).where(eq(accounts.id, id)))[0];

describe('DELETE /api/account', () => {
  it('closes the account: sessions end, invites go, data stays, every member is mailed', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const admin = await signedInUser(env.app, db(), {
      account: owner.account,
      permission: 'admin',
    });
    const member = await signedInUser(env.app, db(), { account: owner.account });
    await db().update(users).set({ locale: 'es' }).where(eq(users.id, member.user.id));
    await addInvite(owner.account.id);
    await createReportRows(db(), owner.account.id, [{ date: '2025-01-01', advertiser: 'Acme' }]);

    const answer = await close('/api/account', owner.token, { password: PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: null, message: 'The account has been closed.' });

    for (const token of [owner.token, admin.token, member.token]) {
      expect(await authStatus(token)).toBe(401);
    }
    expect((await accountOf(owner.account.id))?.closedAt).toBeInstanceOf(Date);
    const kept = await db()
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.accountId, owner.account.id));
    expect(kept).toHaveLength(3);
    expect(
      await db().select().from(reportRows).where(eq(reportRows.accountId, owner.account.id)),
    ).toHaveLength(1);
    expect(
      await db().select().from(invites).where(eq(invites.accountId, owner.account.id)),
    ).toHaveLength(0);
    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.accountId, owner.account.id), eq(events.name, 'closed_account')));
    expect(event?.userId).toBe(owner.user.id);

    const ownerMail = await lastMailTo(db(), owner.user.email, 'account_closed');
    expect(ownerMail.subject).toBe(`The Partner Portal account ${owner.account.name} was closed`);
    expect(ownerMail.text).toContain('kept for 30 days');
    expect((await lastMailTo(db(), admin.user.email, 'account_closed')).locale).toBe('en');
    const spanish = await lastMailTo(db(), member.user.email, 'account_closed');
    expect(spanish.subject).toBe(`Se ha cerrado la cuenta ${owner.account.name} de Partner Portal`);
  });

  it('refuses a missing or wrong password on that field, changing nothing', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    await addInvite(owner.account.id);
    const missing = await close('/api/account', owner.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Please enter your password to confirm.',
      inputError: 'password',
    });
    const wrong = await close('/api/account', owner.token, { password: 'Not-the-password-1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'The password is not correct.',
      inputError: 'password',
    });
    const empty = await close('/api/account', owner.token, { password: '' });
    expect(empty.json().inputError).toBe('password');
    // Someone else's address is no confirmation for a user who has a password.
    const byEmail = await close('/api/account', owner.token, { email: owner.user.email });
    expect(byEmail.json().inputError).toBe('password');

    expect(await authStatus(owner.token)).toBe(200);
    expect((await accountOf(owner.account.id))?.closedAt).toBeNull();
    expect(
      await db().select().from(invites).where(eq(invites.accountId, owner.account.id)),
    ).toHaveLength(1);
  });

  it('counts wrong passwords as guesses and stops them with 429', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    for (let guess = 0; guess < ACCOUNT_LIMITS.password_guesses.max; guess += 1) {
      const answer = await close('/api/account', owner.token, { password: `Guess-${guess}!` });
      expect(answer.statusCode).toBe(400);
    }
    const locked = await close('/api/account', owner.token, { password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await accountOf(owner.account.id))?.closedAt).toBeNull();
  });

  it('is for the owner only', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    for (const permission of ['admin', 'user', 'advertiser', 'developer'] as const) {
      const member = await signedInUser(env.app, db(), { account: owner.account, permission });
      const answer = await close('/api/account', member.token, { password: PASSWORD });
      expect(answer.statusCode).toBe(403);
    }
    const anonymous = await env.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: xsrfHeaders,
      payload: { password: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await accountOf(owner.account.id))?.closedAt).toBeNull();
  });

  it('lets a user without a password confirm with their own e-mail address', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    // As a user who signed up through a provider has no password.
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, owner.user.id));
    for (const payload of [{}, { password: PASSWORD }, { email: 'someone@example.test' }]) {
      const refused = await close('/api/account', owner.token, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: 'Type your own email address to confirm.',
        inputError: 'email',
      });
    }
    const answer = await close('/api/account', owner.token, {
      email: ` ${owner.user.email.toUpperCase()} `,
    });
    expect(answer.statusCode).toBe(200);
    expect((await accountOf(owner.account.id))?.closedAt).toBeInstanceOf(Date);
  });

  it('answers a clear 403 to every sign-in of a user whose accounts are all closed', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    expect((await close('/api/account', owner.token, { password: PASSWORD })).statusCode).toBe(200);
    const closed = { message: 'This account has been closed.' };

    const password = await signIn({ email: owner.user.email, password: PASSWORD });
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual(closed);
    // A wrong password still gets the usual answer: the 403 needs the first factor.
    expect((await signIn({ email: owner.user.email, password: 'Wrong-pass-1!' })).statusCode).toBe(
      401,
    );

    await env.app.inject({
      method: 'POST',
      url: '/api/auth/magic',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email: owner.user.email },
    });
    const link = await lastMailTo(db(), owner.user.email, 'magic');
    const magic = await env.app.inject({
      method: 'POST',
      url: '/api/auth/magic/verify',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { token: tokenFromLink(link.text, '/magic') },
    });
    expect(magic.statusCode).toBe(403);
    expect(magic.json()).toEqual(closed);

    const social = await issueOneTimeToken(db(), {
      kind: 'social',
      userId: owner.user.id,
      payload: { provider: 'google' },
    });
    const viaProvider = await signIn({ token: social.token });
    expect(viaProvider.statusCode).toBe(403);
    expect(viaProvider.json()).toEqual(closed);
  });

  it('leaves members their other accounts: sign-in, list and switch skip the closed one', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const member = await signedInUser(env.app, db(), { account: owner.account });
    const other = await createUser(db(), { permission: 'owner' });
    await db()
      .insert(accountUsers)
      .values({ accountId: other.account.id, userId: member.user.id, permission: 'user' });
    await db()
      .update(users)
      .set({ defaultAccountId: owner.account.id })
      .where(eq(users.id, member.user.id));
    expect((await close('/api/account', owner.token, { password: PASSWORD })).statusCode).toBe(200);

    const again = await signIn({ email: member.user.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    const session = again.json().data;
    expect(session.account_id).toBe(other.account.id);
    expect(session.accounts).toEqual([{ id: other.account.id, name: other.account.name }]);
    const current = await env.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(session.token),
    });
    expect(current.json().data.accounts).toHaveLength(1);
    const toClosed = await env.app.inject({
      method: 'POST',
      url: '/api/auth/switch',
      headers: bearer(session.token),
      remoteAddress: randomIp(),
      payload: { account: owner.account.id },
    });
    expect(toClosed.statusCode).toBe(404);
  });
});

describe('DELETE /api/user', () => {
  it("closes a member's own user: memberships, sessions and the row go, history stays", async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const member = await signedInUser(env.app, db(), {
      account: owner.account,
      permission: 'admin',
    });
    const secondBrowser = (await signIn({ email: member.user.email, password: PASSWORD })).json()
      .data.token as string;
    const other = await createUser(db(), { permission: 'owner' });
    await db()
      .insert(accountUsers)
      .values({ accountId: other.account.id, userId: member.user.id, permission: 'user' });
    await db()
      .insert(feedback)
      .values({ userId: member.user.id, accountId: owner.account.id, rating: 'positive' });

    const answer = await close('/api/user', member.token, { password: PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: null, message: 'Your user has been closed.' });

    expect(await authStatus(member.token)).toBe(401);
    expect(await authStatus(secondBrowser)).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, member.user.id))).toHaveLength(0);
    expect(
      await db().select().from(accountUsers).where(eq(accountUsers.userId, member.user.id)),
    ).toHaveLength(0);
    const [kept] = await db()
      .select()
      .from(feedback)
      .where(eq(feedback.accountId, owner.account.id));
    expect(kept).toMatchObject({ rating: 'positive', userId: null });
    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.accountId, owner.account.id), eq(events.name, 'closed_user')));
    expect(event?.metadata).toEqual({ user_id: member.user.id, memberships: 2 });
    expect((await signIn({ email: member.user.email, password: PASSWORD })).statusCode).toBe(401);
    expect(await authStatus(owner.token)).toBe(200);
  });

  it('sends the owner to close the account instead', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const answer = await close('/api/user', owner.token, { password: PASSWORD });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      message: 'You own this account, so close the whole account instead (Profile, Danger Zone).',
    });
    expect(await authStatus(owner.token)).toBe(200);
  });

  it('refuses while the user owns another open account, and allows it once that one is closed', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const member = await signedInUser(env.app, db(), { account: owner.account });
    const own = await createUser(db(), { permission: 'owner' });
    await db()
      .insert(accountUsers)
      .values({ accountId: own.account.id, userId: member.user.id, permission: 'owner' });
    const refused = await close('/api/user', member.token, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `You still own the account ${own.account.name}. Close that account before closing your user.`,
    );
    await db()
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.id, own.account.id));
    expect((await close('/api/user', member.token, { password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a wrong password, and takes the e-mail from a user without one', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const member = await signedInUser(env.app, db(), { account: owner.account });
    const wrong = await close('/api/user', member.token, { password: 'Not-it-at-all-1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().inputError).toBe('password');
    expect(await authStatus(member.token)).toBe(200);

    await db().update(users).set({ passwordHash: null }).where(eq(users.id, member.user.id));
    const byEmail = await close('/api/user', member.token, { email: member.user.email });
    expect(byEmail.statusCode).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, member.user.id))).toHaveLength(0);
    // The owner's account and mail are untouched.
    expect((await accountOf(owner.account.id))?.closedAt).toBeNull();
    expect(
      await db().select().from(outbox).where(eq(outbox.template, 'account_closed')),
    ).not.toContainEqual(expect.objectContaining({ to: owner.user.email }));
  });
});
