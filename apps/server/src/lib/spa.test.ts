import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp } from '../../test/build-test-app';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const dist = mkdtempSync(join(tmpdir(), 'pp-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  ({ app } = await buildTestApp(database, { webDistDir: dist }));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('SPA serving', () => {
  it.each(['/', '/signin', '/dashboard/core', '/notfound', '/some/unknown/path?x=1'])(
    'answers %s with index.html (history fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year, immutably', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a missing asset and unknown API paths as real 404s', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('message');
  });
});
