import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp } from '../../test/build-test-app';
import { loggerOptions, redactUrl } from './logger';

function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const options = loggerOptions('debug');
  return { lines, logger: { ...(typeof options === 'object' ? options : {}), stream } };
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('request logs', () => {
  it('carry the request id and never a password, token, bearer header or cookie', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const options = loggerOptions('debug');
    const { app, xsrf } = await buildTestApp(database, {
      logger: { ...(typeof options === 'object' ? options : {}), stream },
      register(instance) {
        instance.post('/api/test/login', { config: { access: 'public' } }, async (request) => {
          request.log.info({ body: request.body }, 'login attempt');
          return { data: 'ok' };
        });
      },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/login',
      headers: {
        ...xsrf,
        authorization: 'Bearer super.secret.jwt',
        'content-type': 'application/json',
      },
      payload: { email: 'a@b.co', password: 'Hunter2-secret!', token: 'magic-token-value' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain(response.headers['x-request-id']);
    expect(log).toContain('a@b.co');
    for (const secret of [
      'Hunter2-secret!',
      'magic-token-value',
      'super.secret.jwt',
      'XSRF-TOKEN=test',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('[redacted]');
  });
});

describe('request lines', () => {
  it('are written at debug level only, so info keeps to what a person looks for', async () => {
    const counts: Record<string, number> = {};
    for (const level of ['info', 'debug']) {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString());
          callback();
        },
      });
      const options = loggerOptions(level);
      const { app } = await buildTestApp(database, {
        logger: { ...(typeof options === 'object' ? options : {}), stream },
      });
      await app.inject({ method: 'GET', url: '/api/health' });
      await app.close();
      counts[level] = lines.filter((line) => line.includes('request completed')).length;
    }
    expect(counts).toEqual({ info: 0, debug: 1 });
  });
});

describe('secrets outside request fields (docs/security.md "Logs")', () => {
  it('logs a failed query without its bound parameters, such as a password hash', async () => {
    const { lines, logger } = captureLogs();
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';
    const { app } = await buildTestApp(database, {
      logger,
      register(instance) {
        instance.get('/api/test/broken', { config: { access: 'public' } }, async () => {
          await database.db.execute(sql`select ${hash}::int as n`);
          return { data: 'unreachable' };
        });
      },
    });
    const response = await app.inject({ method: 'GET', url: '/api/test/broken' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unexpected error');
    expect(log).not.toContain('argon2');
    expect(log).not.toContain('c2FsdHNhbHRzYWx0');
  });

  it('hides tokens in logged URLs, paths and query strings alike', async () => {
    const { lines, logger } = captureLogs();
    const { app } = await buildTestApp(database, { logger });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLXNlY3JldCJ9.c2lnbmF0dXJlLXNlY3JldA';
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    for (const url of [
      `/embed/workbook/local-core-overview?token=${jwt}&theme=dark&lng=es`,
      `/signin/otp?token=${token}`,
      `/signup/user?email=ian%40example.test&id=${token}`,
      `/auth/google/callback?code=oauth-code-secret&state=oauth-state-secret`,
      `/api/invite/${token}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    await app.close();
    const log = lines.join('');
    for (const secret of [jwt, token, 'oauth-code-secret', 'oauth-state-secret', 'ian%40']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('theme=dark&lng=es');
  });

  it('keeps UUIDs and plain path segments', () => {
    expect(redactUrl('/api/user/0f9c3d2e-1b2a-4c5d-8e9f-0a1b2c3d4e5f')).toBe(
      '/api/user/0f9c3d2e-1b2a-4c5d-8e9f-0a1b2c3d4e5f',
    );
    expect(redactUrl('/api/embed/kpis?from=2026-01-01&to=2026-01-31')).toBe(
      '/api/embed/kpis?from=2026-01-01&to=2026-01-31',
    );
    expect(redactUrl('/magic?token=abc')).toBe('/magic?token=[redacted]');
  });
});
