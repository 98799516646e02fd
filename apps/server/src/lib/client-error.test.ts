import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { buildTestApp } from '../../test/build-test-app';
import { createTestDatabase } from '../../test/test-database';

// Requests Node's parser refuses never reach a route: what the raw socket receives is all there is.
let database: Database;
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = (await buildTestApp(database)).app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** Writes `raw` on a fresh connection and answers everything read until the server closes it. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers headers over 16 KB with 431, the API error shape and Connection: close', async () => {
    const answer = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'The request headers are too large.',
    });
  });

  it('answers bytes that are not HTTP with 400 and Connection: close', async () => {
    const answer = await exchange('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain('{"message":"The request is malformed."}');
  });
});
