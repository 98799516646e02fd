import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, events, notificationSettings, outbox, users } from '../../db/schema/index';
import { createAccount, createUser, uniqueEmail } from '../../../test/factories';
import { bearer, PASSWORD, randomIp, xsrfHeaders } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const signIn = (payload: Record<string, unknown>, ip = randomIp()) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: ip,
    payload,
  });

describe('POST /api/auth (password sign-in)', () => {
  it('answers { token, ...user } and records a signin event', async () => {
    const { user, account } = await createUser(env.database.db, {
      password: PASSWORD,
      permission: 'admin',
    });
    const response = await signIn({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: user.id,
      account_id: account.id,
      permission: 'admin',
      verified: true,
    });
    expect(data).not.toHaveProperty('password_hash');
    const recorded = await env.database.db
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.name, 'signin')));
    expect(recorded).toHaveLength(1);
  });

  it('gives the same answer for a wrong password and an unknown e-mail (no enumeration)', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const wrong = await signIn({ email: user.email, password: 'Not-the-password-1!' });
    const unknown = await signIn({ email: uniqueEmail('ghost'), password: 'Not-the-password-1!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      message: 'The email or password is incorrect.',
      inputError: 'password',
    });
  });

  it('refuses a user who has no password yet', async () => {
    const { user } = await createUser(env.database.db);
    expect((await signIn({ email: user.email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('lands in the default account when the user still belongs to it', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const second = await createAccount(env.database.db, { name: 'Second' });
    await env.database.db
      .insert(accountUsers)
      .values({ accountId: second.id, userId: user.id, permission: 'user' });
    await env.database.db
      .update(users)
      .set({ defaultAccountId: second.id })
      .where(eq(users.id, user.id));
    const data = (await signIn({ email: user.email, password: PASSWORD })).json().data;
    expect(data.account_id).toBe(second.id);
    expect(data.accounts).toHaveLength(2);
  });

  it('throttles a sign-in flood from one address with 429 and Retry-After', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await signIn({ email: uniqueEmail(), password: 'whatever-1!' }, ip)).statusCode,
      );
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await signIn({ email: uniqueEmail(), password: 'whatever-1!' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/Too many requests/);
  });
});

describe('new sign-in mail', () => {
  it('is sent on sign-in unless the user turned new_signin off', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    await signIn({ email: user.email, password: PASSWORD });
    const subjects = async () =>
      (await env.database.db.select().from(outbox).where(eq(outbox.to, user.email))).map(
        (m) => m.subject,
      );
    expect(await subjects()).toEqual(['New sign-in to Partner Portal']);
    await env.database.db
      .insert(notificationSettings)
      .values({ userId: user.id, name: 'new_signin', active: false });
    await signIn({ email: user.email, password: PASSWORD });
    expect(await subjects()).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('GET /api/auth merges the user; DELETE /api/auth ends the session at once', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const token = (await signIn({ email: user.email, password: PASSWORD })).json().data.token;
    const status = await env.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer(token),
    });
    expect(status.json().data).toMatchObject({ authenticated: true, id: user.id });
    expect(
      (await env.app.inject({ method: 'DELETE', url: '/api/auth', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await env.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
  });

  it('switches to another account of the same user and ends the old session', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const other = await createAccount(env.database.db, { name: 'Other partner' });
    await env.database.db
      .insert(accountUsers)
      .values({ accountId: other.id, userId: user.id, permission: 'admin' });
    const token = (await signIn({ email: user.email, password: PASSWORD })).json().data.token;
    const switched = await env.app.inject({
      method: 'POST',
      url: '/api/auth/switch',
      headers: bearer(token),
      payload: { account: other.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({
      account_id: other.id,
      permission: 'admin',
      account_name: 'Other partner',
    });
    expect(
      (await env.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses to switch into an account the user does not belong to (404)', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const stranger = await createAccount(env.database.db);
    const token = (await signIn({ email: user.email, password: PASSWORD })).json().data.token;
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/auth/switch',
      headers: bearer(token),
      payload: { account: stranger.id },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/event', () => {
  it('stores an event for the signed-in member and validates its name', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const token = (await signIn({ email: user.email, password: PASSWORD })).json().data.token;
    const stored = await env.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: bearer(token),
      payload: { name: 'opened_help', metadata: { from: 'menu' } },
    });
    expect(stored.statusCode).toBe(201);
    const [row] = await env.database.db
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.name, 'opened_help')));
    expect(row?.metadata).toEqual({ from: 'menu' });
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: bearer(token),
      payload: { name: 'Bad Name!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().inputError).toBe('name');
  });

  it('takes dotted names up to 64 characters, metadata up to 2 KB, and 60 a minute per user', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const token = (await signIn({ email: user.email, password: PASSWORD })).json().data.token;
    const send = (payload: object) =>
      env.app.inject({ method: 'POST', url: '/api/event', headers: bearer(token), payload });
    expect((await send({ name: `dashboard.${'x'.repeat(54)}` })).statusCode).toBe(201);
    expect((await send({ name: 'x'.repeat(65) })).statusCode).toBe(400);
    const heavy = await send({
      name: 'heavy',
      metadata: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, 'é'.repeat(250)])),
    });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json()).toMatchObject({ inputError: 'metadata' });
    // Refused bodies counted nothing: 59 more fit in the minute, the 60th after them does not.
    for (let sent = 1; sent < 60; sent += 1) {
      expect((await send({ name: 'tick' })).statusCode).toBe(201);
    }
    const over = await send({ name: 'tick' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
  });
});
