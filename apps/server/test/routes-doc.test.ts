import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listRouteAccess, type RegisteredRoute } from '../src/lib/auth-guard';
import type { Database } from '../src/db/client';
import { buildTestApp } from './build-test-app';
import { repoRoot } from './spawned-server';
import { createTestDatabase } from './test-database';

/*
 * docs/routes.md is the API's table of contents: every route the app registers, who may call it,
 * and the one file that serves it. It is generated from the running app, so this test fails when
 * a route is added, moved or given another access without the table following:
 * `npm run docs:routes` writes it again.
 */
const DOC = `${repoRoot}docs/routes.md`;

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

function accessOf(route: RegisteredRoute): string {
  const access =
    typeof route.access === 'string' ? route.access : `${route.access.permission} permission`;
  return route.credentials ? `${access}, own session only` : access;
}

function routesDoc(routes: RegisteredRoute[]): string {
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map(
      (route) =>
        `| ${route.method} | \`${route.url}\` | ${accessOf(route)} | ${route.scope ? `\`${route.scope}\`` : '—'} | \`apps/server/src/${route.file ?? '?'}\` |`,
    );
  return [
    '# API routes',
    '',
    'Generated from the registered routes by `npm run docs:routes`; a test fails when this file is',
    'stale. Access: `public` (anyone), `authenticated` (any signed-in user), `<permission>',
    'permission` (checked with the matrix in [product.md](product.md#roles-and-permissions)),',
    '`embed` (an embed session, not a user\'s); "own session only": not while impersonating. Each',
    'URL prefix belongs to one route file. Key scope: the API-key scope that opens the route',
    '([product.md](product.md#api-keys)); "—": API keys are refused.',
    '',
    '| Method | URL | Access | Key scope | File |',
    '| ------ | --- | ------ | --------- | ---- |',
    ...rows,
    '',
  ].join('\n');
}

describe('docs/routes.md', () => {
  it('names every registered API route, its access and the one file that serves it', () => {
    const routes = listRouteAccess(app);
    expect(routes.filter((route) => route.file === null).map((r) => r.url)).toEqual([]);
    const expected = routesDoc(routes);
    if (process.env.WRITE_ROUTES_DOC) writeFileSync(DOC, expected);
    expect(readFileSync(DOC, 'utf8'), 'docs/routes.md is stale: npm run docs:routes').toBe(
      expected,
    );
  });

  it('serves each URL, whatever the method, from one route file', () => {
    const filesByPrefix = new Map<string, Set<string>>();
    for (const route of listRouteAccess(app)) {
      // The prefix a plugin is registered at: the URL up to its first parameter or last part.
      const prefix = route.url.split('/:')[0]!;
      const files = filesByPrefix.get(prefix) ?? new Set();
      files.add(route.file ?? '?');
      filesByPrefix.set(prefix, files);
    }
    const shared = [...filesByPrefix].filter(([, files]) => files.size > 1);
    expect(shared.map(([prefix, files]) => `${prefix}: ${[...files].join(', ')}`)).toEqual([]);
  });
});
