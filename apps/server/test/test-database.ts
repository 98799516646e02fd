import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPostgres, wrapPglite, type Database } from '../src/db/client';

/**
 * A migrated database for one test file: a private PGlite loaded from the run's template, or a
 * pool on the run's PostgreSQL database (tests isolate by creating their own rows).
 * Always `await database.close()` in afterAll, or Vitest waits forever.
 */
export async function createTestDatabase(): Promise<Database> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) return openPostgres(postgresUrl);
  const template = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  return wrapPglite(client);
}
