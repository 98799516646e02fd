// Every API route the abuse bench aims at: the app's own route table (bench/abuse.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { wrapPglite } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { listRouteAccess } from '../../apps/server/src/lib/auth-guard';

// Every API route, as the property tests list them: the app's own route table.

export interface ApiRoute {
  method: string;
  url: string;
  access: string;
  bodyFields: string[];
  queryFields: string[];
}

/** The property names a zod schema takes (through unions and intersections). */
function fieldsOf(schema: unknown): string[] {
  const toJson = (schema as { toJSONSchema?: (params: unknown) => unknown } | undefined)
    ?.toJSONSchema;
  if (typeof toJson !== 'function') return [];
  const fields = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (object.properties && typeof object.properties === 'object') {
      for (const key of Object.keys(object.properties)) fields.add(key);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      if (Array.isArray(object[key])) (object[key] as unknown[]).forEach(walk);
    }
  };
  try {
    walk(toJson.call(schema, { unrepresentable: 'any', io: 'input' }));
  } catch {
    // a schema JSON Schema cannot express: fuzz with made-up fields only
  }
  return [...fields];
}

/** Builds the app in this process on a throwaway in-memory database, only to read its routes. */
export async function listApiRoutes(): Promise<ApiRoute[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pp-abuse-routes-'));
  const database = wrapPglite(await PGlite.create());
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      DATA_DIR: dir,
      SESSION_SECRET: 'abuse-bench-route-listing-secret-0123456789',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database, logger: false, webDistDir: dir });
    try {
      await app.ready();
      return listRouteAccess(app).map((route) => ({
        method: route.method,
        url: route.url.replace(/(.)\/$/, '$1'),
        access: typeof route.access === 'string' ? route.access : JSON.stringify(route.access),
        bodyFields: fieldsOf(route.schema.body),
        queryFields: fieldsOf(route.schema.querystring),
      }));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
