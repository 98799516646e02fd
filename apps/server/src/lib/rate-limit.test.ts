import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp } from '../../test/build-test-app';
import { createTestConfig } from '../../test/test-config';
import { TEST_REDIS_URL } from '../../test/test-redis';
import { rateLimitFor } from './rate-limit';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function appWithLimitedRoute(
  env: Record<string, string> = {},
  redisNamespace = `pp-test-${randomUUID()}:`,
): Promise<FastifyInstance> {
  const { app } = await buildTestApp(database, {
    config: createTestConfig(env),
    redisNamespace,
    register(instance) {
      instance.get(
        '/api/test/mail',
        { config: { access: 'public', rateLimit: rateLimitFor('mail') } },
        async () => ({
          data: 'sent',
        }),
      );
    },
  });
  return app;
}

async function expectLimitedAfterThree(app: FastifyInstance): Promise<void> {
  // Trailing-slash variants reach the same route, so they count against the same bucket.
  for (const url of ['/api/test/mail', '/api/test/mail/', '/api/test/mail']) {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  }
  const limited = await app.inject({
    method: 'GET',
    url: '/api/test/mail/',
    headers: { 'accept-language': 'es' },
  });
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.json().message).toMatch(/^Demasiadas solicitudes/);
}

describe('rate limits', () => {
  it('answers 429 with Retry-After and a JSON message after 3 mails a minute (memory)', async () => {
    const app = await appWithLimitedRoute();
    await expectLimitedAfterThree(app);
    // Another client address has its own bucket.
    const other = await app.inject({
      method: 'GET',
      url: '/api/test/mail',
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(200);
    await app.close();
  });

  it.runIf(TEST_REDIS_URL)('shares counters through Redis when REDIS_URL is set', async () => {
    const namespace = `pp-test-${randomUUID()}:`;
    const build = () => appWithLimitedRoute({ REDIS_URL: TEST_REDIS_URL as string }, namespace);
    // Two instances, one Redis: the fourth call is refused whichever instance takes it.
    const first = await build();
    const second = await build();
    expect((await first.inject({ method: 'GET', url: '/api/test/mail' })).statusCode).toBe(200);
    expect((await second.inject({ method: 'GET', url: '/api/test/mail' })).statusCode).toBe(200);
    expect((await first.inject({ method: 'GET', url: '/api/test/mail' })).statusCode).toBe(200);
    const limited = await second.inject({ method: 'GET', url: '/api/test/mail' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await first.close();
    await second.close();
  });

  it('keeps in-memory apps independent (no Redis)', async () => {
    const app = await appWithLimitedRoute();
    await expectLimitedAfterThree(app);
    await app.close();
  });
});
