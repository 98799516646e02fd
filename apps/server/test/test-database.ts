import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPostgres, pgliteDataDir, wrapPglite, type Database } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { adminQuery } from './admin-query';

/**
 * For a test that boots fresh embedded databases (WebAssembly PostgreSQL starting and migrating):
 * seconds on a quiet machine, but over a minute in a CI run on a machine busy with other work,
 * where 60 and 90 s limits failed. A timeout here only catches a hang.
 */
export const EMBEDDED_OPEN_MS = 240_000;

export interface TestDatabaseOptions {
  /**
   * A database no other test file writes to, for tests that count or scan every row (the demo
   * seed, the retention purge). On PGlite every file has one anyway; on PostgreSQL it costs a
   * `create database` and a migration, and is dropped on close.
   */
  alone?: boolean;
}

/**
 * A migrated database for one test file: a private PGlite loaded from the run's template, or a
 * pool on the run's PostgreSQL database (tests isolate by creating their own rows).
 * Always `await database.close()` in afterAll, or Vitest waits forever.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl)
    return options.alone ? openPostgresAlone(postgresUrl) : openPostgres(postgresUrl);
  const template = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  return wrapPglite(client);
}

/**
 * A migrated embedded database in DATA_DIR `dataDir`, on disk, for the built server or the admin
 * command to open: the run's template written there, which takes a fraction of a fresh
 * migration's time. Only in the embedded-database project (elsewhere there is no template, and
 * the caller's own `migrateDatabase` does the work). A data dir that holds a database already is
 * left as it is.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const template = inject('pgliteTemplate');
  if (!template || existsSync(pgliteDataDir(dataDir))) return dataDir;
  mkdirSync(pgliteDataDir(dataDir), { recursive: true, mode: 0o700 });
  const client = await PGlite.create({
    dataDir: pgliteDataDir(dataDir),
    loadDataDir: new Blob([readFileSync(template)]),
  });
  await client.close();
  return dataDir;
}

async function openPostgresAlone(runUrl: string): Promise<Database> {
  const name = `partner_portal_alone_${randomBytes(6).toString('hex')}`;
  await adminQuery(runUrl, `create database ${name}`);
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(runUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
