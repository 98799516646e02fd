import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthSchema, dataEnvelope } from '@partner-portal/shared/api';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import { buildTestApp } from '../../../test/build-test-app';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('GET /api/health', () => {
  it('reports the database kind and providers without authentication', async () => {
    const { app } = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = dataEnvelope(HealthSchema).parse(response.json());
    expect(body.data).toEqual({
      status: 'ok',
      database: database.kind,
      providers: { mail: 'outbox', billing: 'local', analytics: 'local' },
    });
    await app.close();
  });

  it('answers 503 "degraded" while the database is unreachable', async () => {
    const unreachable: Database = {
      ...database,
      ping: () =>
        Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
        ),
    };
    const { app } = await buildTestApp(unreachable);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().data.status).toBe('degraded');
    await app.close();
  });
});
