import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';
import { SERVER_ROOT } from '../lib/server-root';

/** Resolved from the package, so migrations apply whatever the working directory is. */
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** Applies every pending drizzle-kit migration; a no-op when the schema is current. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, config);
  }
}
