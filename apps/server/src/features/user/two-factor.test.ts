import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import { createTestConfig } from '../../../test/test-config';
import { createUser } from '../../../test/factories';
import { bearer, PASSWORD, randomIp, xsrfHeaders } from '../../../test/identity-helpers';
import { createTestDatabase } from '../../../test/test-database';
import { createTotp } from './totp';

let database: Database;
let app: FastifyInstance;
// A movable clock: TOTP codes and replay rules depend on the 30-second step.
let clock = new Date('2026-11-23T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database, { config: createTestConfig(), now: () => clock }));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = xsrfHeaders,
) => app.inject({ method: 'POST', url, headers, remoteAddress: randomIp(), payload });
const put = (url: string, payload: Record<string, unknown>, token: string) =>
  app.inject({ method: 'PUT', url, headers: bearer(token), remoteAddress: randomIp(), payload });
const codeAt = (secret: string, at: Date) =>
  createTotp(secret, 'x').generate({ timestamp: at.getTime() });
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

async function userWithTwoFactor() {
  const { user } = await createUser(database.db, { password: PASSWORD });
  const token = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
    .token as string;
  const setup = (await put('/api/user/2fa', { '2fa_enabled': true }, token)).json().data;
  const confirm = await post(
    '/api/user/2fa/verify',
    { code: codeAt(setup.secret, clock) },
    bearer(token),
  );
  advance(30);
  return {
    user,
    token,
    secret: setup.secret as string,
    backup: confirm.json().data.backup_code as string,
  };
}

describe('enabling 2FA', () => {
  it('returns a QR code of an otpauth URI and the base32 secret; only a confirmed code turns it on', async () => {
    const { user } = await createUser(database.db, { password: PASSWORD });
    const token = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
      .token;
    const setup = await put('/api/user/2fa', { '2fa_enabled': true }, token);
    expect(setup.statusCode).toBe(200);
    const data = setup.json().data;
    expect(data['2fa_enabled']).toBe(false);
    expect(data.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.totpSecretEncrypted).not.toContain(data.secret);
    expect(stored?.totpEnabled).toBe(false);

    expect((await post('/api/user/2fa/verify', { code: '000000' }, bearer(token))).statusCode).toBe(
      400,
    );
    const confirm = await post(
      '/api/user/2fa/verify',
      { code: codeAt(data.secret, clock) },
      bearer(token),
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data.backup_code).toMatch(/^[A-Z2-9]{10}$/);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(me.json().data['2fa_enabled']).toBe(true);
  });
});

describe('signing in with 2FA', () => {
  it('gives only an OTP challenge after the password, then a session for a valid code', async () => {
    const { user, secret } = await userWithTwoFactor();
    const first = await post('/api/auth', { email: user.email, password: PASSWORD });
    expect(first.json().data).toEqual({ '2fa_required': true, token: expect.any(String) });
    const second = await post('/api/auth/otp', {
      code: codeAt(secret, clock),
      jwt: first.json().data.token,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: user.id, token: expect.any(String) });
  });

  it('refuses a replayed code, a code from two steps ago, and a used challenge', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = () =>
      post('/api/auth', { email: user.email, password: PASSWORD }).then(
        (r) => r.json().data.token as string,
      );
    const code = codeAt(secret, clock);
    const jwt = await challenge();
    expect((await post('/api/auth/otp', { code, jwt })).statusCode).toBe(200);
    expect((await post('/api/auth/otp', { code, jwt: await challenge() })).statusCode).toBe(400);
    expect((await post('/api/auth/otp', { code: codeAt(secret, clock), jwt })).statusCode).toBe(
      401,
    );
    advance(30);
    const old = codeAt(secret, new Date(clock.getTime() - 60_000));
    expect((await post('/api/auth/otp', { code: old, jwt: await challenge() })).statusCode).toBe(
      400,
    );
    const previous = codeAt(secret, new Date(clock.getTime() - 30_000));
    expect(
      (await post('/api/auth/otp', { code: previous, jwt: await challenge() })).statusCode,
    ).toBe(400);
    advance(30);
    expect(
      (
        await post('/api/auth/otp', {
          code: codeAt(secret, new Date(clock.getTime() - 30_000)),
          jwt: await challenge(),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('accepts the backup code once', async () => {
    const { user, backup } = await userWithTwoFactor();
    const jwt = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
      .token;
    expect((await post('/api/auth/otp', { code: backup.toLowerCase(), jwt })).statusCode).toBe(200);
    const again = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
      .token;
    expect((await post('/api/auth/otp', { code: backup, jwt: again })).statusCode).toBe(400);
  });

  it('kills the challenge after 5 wrong codes', async () => {
    const { user, secret } = await userWithTwoFactor();
    const jwt = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
      .token;
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post('/api/auth/otp', { code: '123456', jwt })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 401]);
    expect((await post('/api/auth/otp', { code: codeAt(secret, clock), jwt })).statusCode).toBe(
      401,
    );
  });

  it('expires the challenge after 5 minutes', async () => {
    const { user, secret } = await userWithTwoFactor();
    const jwt = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
      .token;
    advance(5 * 60 + 1);
    expect((await post('/api/auth/otp', { code: codeAt(secret, clock), jwt })).statusCode).toBe(
      401,
    );
  });
});

describe('disabling 2FA', () => {
  it('needs a valid code, then signs in with the password alone again', async () => {
    const { user, token, secret } = await userWithTwoFactor();
    const signedIn = await post('/api/auth/otp', {
      code: codeAt(secret, clock),
      jwt: (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data.token,
    });
    const session = signedIn.json().data.token as string;
    expect(token).not.toBe(session);
    advance(30);
    const refused = await put('/api/user/2fa', { '2fa_enabled': false }, session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().inputError).toBe('code');
    const off = await put(
      '/api/user/2fa',
      { '2fa_enabled': false, code: codeAt(secret, clock) },
      session,
    );
    expect(off.json().data).toEqual({ '2fa_enabled': false });
    const plain = await post('/api/auth', { email: user.email, password: PASSWORD });
    expect(plain.json().data.token).toBeTruthy();
    expect(plain.json().data['2fa_required']).toBeUndefined();
  });

  it('ends the other sessions of the user when 2FA is turned on', async () => {
    const { user } = await createUser(database.db, { password: PASSWORD });
    const other = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
      .token;
    const current = (await post('/api/auth', { email: user.email, password: PASSWORD })).json().data
      .token;
    const setup = (await put('/api/user/2fa', { '2fa_enabled': true }, current)).json().data;
    await post('/api/user/2fa/verify', { code: codeAt(setup.secret, clock) }, bearer(current));
    advance(30);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(current) })).statusCode,
    ).toBe(200);
  });
});
