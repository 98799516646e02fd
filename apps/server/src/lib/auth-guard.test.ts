import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { hasPermission, PERMISSIONS, type Permission } from '@partner-portal/shared/permissions';
import type { Database } from '../db/client';
import { accounts, sessions } from '../db/schema/index';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp } from '../../test/build-test-app';
import { createTestConfig } from '../../test/test-config';
import { createUser } from '../../test/factories';
import { buildApp } from '../app';
import { listRouteAccess } from './auth-guard';
import { createSessionToken, SESSION_AUDIENCE, SESSION_ISSUER, sessionKey } from './session-token';

const SECRET = 'test-session-secret-that-is-long-enough-123';
let database: Database;
let app: FastifyInstance;
const tokens = new Map<Permission, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database, {
    register(instance) {
      for (const required of PERMISSIONS) {
        instance.get(
          `/api/probe/${required}`,
          { config: { access: { permission: required } } },
          async (request) => ({
            data: { permission: request.actor?.permission },
          }),
        );
      }
      instance.get('/api/probe-any', { config: { access: 'authenticated' } }, async (request) => ({
        data: { userId: request.actor?.userId },
      }));
      instance.get('/api/probe-public', { config: { access: 'public' } }, async () => ({
        data: 'hello',
      }));
    },
  }));
  for (const permission of PERMISSIONS) {
    const { user, account } = await createUser(database.db, { permission });
    const issued = await createSessionToken(database.db, SECRET, {
      userId: user.id,
      accountId: account.id,
    });
    tokens.set(permission, issued.token);
  }
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, authorization?: string) =>
  app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('auth guard: docs/product.md#roles-and-permissions matrix on every pair', () => {
  for (const actual of PERMISSIONS) {
    for (const required of PERMISSIONS) {
      const allowed = hasPermission(actual, required);
      it(`${actual} → route requiring ${required}: ${allowed ? 200 : 403}`, async () => {
        const response = await get(`/api/probe/${required}`, `Bearer ${tokens.get(actual)}`);
        expect(response.statusCode).toBe(allowed ? 200 : 403);
        if (allowed) expect(response.json()).toEqual({ data: { permission: actual } });
        else expect(response.json().message).toBe('You do not have permission to do that.');
      });
    }
  }
});

describe('auth guard: who is signed in', () => {
  it('lets anyone reach a public route and refuses anonymous calls to guarded ones', async () => {
    expect((await get('/api/probe-public')).statusCode).toBe(200);
    const anonymous = await get('/api/probe/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.' });
    expect((await get('/api/probe-any')).statusCode).toBe(401);
  });

  it.each([
    ['no scheme', 'token'],
    ['empty bearer', 'Bearer '],
    ['two spaces', 'Bearer  abc.def.ghi'],
    ['garbage', 'Bearer not-a-jwt'],
    ['basic auth', 'Basic dXNlcjpwYXNz'],
    ['bad base64 segments', 'Bearer !!!.???.***'],
    ['valid-looking junk', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'],
  ])('answers 401 (never 500) for a malformed header: %s', async (_name, header) => {
    const response = await get('/api/probe-any', header);
    expect(response.statusCode).toBe(401);
  });

  it('refuses alg: none, another secret and an expired token', async () => {
    const { user, account } = await createUser(database.db);
    const unsecured = new UnsecuredJWT({ acc: account.id })
      .setSubject(user.id)
      .setJti(crypto.randomUUID())
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setExpirationTime('1h')
      .encode();
    expect((await get('/api/probe-any', `Bearer ${unsecured}`)).statusCode).toBe(401);

    const forged = await createSessionToken(
      database.db,
      'another-secret-that-is-long-enough-00000',
      {
        userId: user.id,
        accountId: account.id,
      },
    );
    expect((await get('/api/probe-any', `Bearer ${forged.token}`)).statusCode).toBe(401);

    const past = new Date(Date.now() - 13 * 60 * 60 * 1000);
    const expired = await createSessionToken(database.db, SECRET, {
      userId: user.id,
      accountId: account.id,
      now: past,
    });
    expect((await get('/api/probe-any', `Bearer ${expired.token}`)).statusCode).toBe(401);
  });

  it('refuses a validly signed token whose session row does not exist', async () => {
    const { user, account } = await createUser(database.db);
    const token = await new SignJWT({ acc: account.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(crypto.randomUUID())
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setExpirationTime('1h')
      .sign(sessionKey(SECRET));
    expect((await get('/api/probe-any', `Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses a revoked session and a closed account at once', async () => {
    const { user, account } = await createUser(database.db);
    const issued = await createSessionToken(database.db, SECRET, {
      userId: user.id,
      accountId: account.id,
    });
    expect((await get('/api/probe-any', `Bearer ${issued.token}`)).statusCode).toBe(200);
    await database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, issued.sessionId));
    expect((await get('/api/probe-any', `Bearer ${issued.token}`)).statusCode).toBe(401);

    const other = await createSessionToken(database.db, SECRET, {
      userId: user.id,
      accountId: account.id,
    });
    await database.db
      .update(accounts)
      .set({ closedAt: new Date() })
      .where(eq(accounts.id, account.id));
    expect((await get('/api/probe-any', `Bearer ${other.token}`)).statusCode).toBe(401);
  });

  it('records every API route with its declared access', () => {
    const routes = listRouteAccess(app);
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/api/health', access: 'public' }),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        url: '/api/probe/admin',
        access: { permission: 'admin' },
      }),
    );
  });

  it('refuses to start with an API route that declares no access (fail closed)', async () => {
    const broken = await buildApp({
      config: createTestConfig(),
      database,
      logger: false,
      webDistDir: '/nonexistent',
    });
    expect(() => broken.get('/api/undeclared', async () => ({ data: null }))).toThrow(
      /declares no access/,
    );
    await broken.close();
  });
});
