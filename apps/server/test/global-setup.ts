import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { ensureServerBundle } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
  }
}

const repoRoot = new URL('../../../', import.meta.url).pathname;

/**
 * Migrates one database per run and shares it with every test file: a fresh PGlite takes
 * seconds, loading a migrated dump takes a fraction of that. On PostgreSQL the run gets its own
 * database (created here, dropped at teardown), so parallel runs on one server never collide.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureServerBundle();
  // The project's own env, not process.env: both server projects share this main process, and
  // reading process.env here once ran the PostgreSQL project on PGlite without a word.
  if (project.config.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for a project on PostgreSQL');
    const name = `partner_portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString());
    await migrateDatabase(database);
    await database.close();
    project.provide('postgresUrl', url.toString());
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }

  const client = await PGlite.create();
  const database = wrapPglite(client);
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = join(repoRoot, '.test-data');
  mkdirSync(dir, { recursive: true });
  removeAbandonedTemplates(dir);
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresUrl', '');
  return async () => rmSync(file, { force: true });
}

/** Templates of runs that were killed before their teardown (their process is gone). */
function removeAbandonedTemplates(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = Number(/^pglite-template-(\d+)\.tar$/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(join(dir, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
