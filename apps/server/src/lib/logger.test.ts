import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp } from '../../test/build-test-app';
import { loggerOptions } from './logger';

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
    const options = loggerOptions('info');
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
