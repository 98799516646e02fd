import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client';
import { buildTestApp } from './build-test-app';
import { createTestDatabase, type TestDatabaseOptions } from './test-database';

export interface TestAppHandle {
  readonly app: FastifyInstance;
  readonly database: Database;
}

/**
 * A database of its own and the real app on it, for one test file: opened before its tests and
 * closed after them (an unclosed PGlite keeps Vitest waiting). `overrides` runs at start-up, so
 * it may read values the file sets up first.
 */
export function useTestApp(
  overrides?: () => Parameters<typeof buildTestApp>[1],
  databaseOptions: TestDatabaseOptions = {},
): TestAppHandle {
  const handle = {} as { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    handle.database = await createTestDatabase(databaseOptions);
    handle.app = (await buildTestApp(handle.database, overrides?.())).app;
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}
