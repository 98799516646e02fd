import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { makePrivateDir, restrictTree } from '../lib/private-files';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One type for both drivers, so services take `(db: Db, …)` and a transaction fits too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  makePrivateDir(options.dataDir);
  const dir = join(options.dataDir, 'pgdata');
  makePrivateDir(dir);
  restrictTree(options.dataDir);
  const client = await PGlite.create(dir);
  restrictTree(options.dataDir);
  return wrapPglite(client, () => restrictTree(options.dataDir));
}

export function wrapPglite(client: PGlite, afterClose: () => void = () => undefined): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (client.closed) return;
      await client.close();
      afterClose();
    },
  };
}

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Fail fast when the server is down, so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server emits 'error' on the pool; without a listener it would
  // crash the process. The next query fails (503) and the pool reconnects when the server is back.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
