import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadinessSchema, dataEnvelope } from '@partner-portal/shared/api';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import { buildTestApp } from '../../../test/build-test-app';
import { createTestConfig } from '../../../test/test-config';
import { TEST_REDIS_URL } from '../../../test/test-redis';
import { Readiness } from './readiness';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const readyBody = dataEnvelope(ReadinessSchema);

describe('GET /api/ready', () => {
  it('is 200 "ready" while the database answers, without authentication or caching', async () => {
    const { app } = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(readyBody.parse(response.json()).data).toEqual({
      status: 'ready',
      checks: { database: 'ok' },
    });
    await app.close();
  });

  it('is 503 "unavailable" when the database does not answer', async () => {
    const unreachable: Database = {
      ...database,
      ping: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    };
    const { app } = await buildTestApp(unreachable);
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(readyBody.parse(response.json()).data).toEqual({
      status: 'unavailable',
      checks: { database: 'unreachable' },
    });
    await app.close();
  });

  it('is 503 "draining" from the moment shutdown begins, while other routes still answer', async () => {
    const readiness = new Readiness();
    const { app } = await buildTestApp(database, { readiness });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    readiness.drain();
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().data.status).toBe('draining');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it.runIf(TEST_REDIS_URL)('checks Redis when REDIS_URL is set: ok when it answers', async () => {
    const up = await buildTestApp(database, {
      config: createTestConfig({ REDIS_URL: TEST_REDIS_URL as string }),
    });
    const ok = await up.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ok.json().data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    await up.app.close();
  });

  it('checks Redis when REDIS_URL is set: 503 when it does not answer', async () => {
    // Port 9 (discard) has no Redis behind it on a test machine.
    const down = await buildTestApp(database, {
      config: createTestConfig({ REDIS_URL: 'redis://127.0.0.1:9' }),
    });
    const refused = await down.app.inject({ method: 'GET', url: '/api/ready' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().data).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'unreachable' },
    });
    await down.app.close();
  });
});
