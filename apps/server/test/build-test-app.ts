import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app';
import type { Database } from '../src/db/client';
import { createTestConfig } from './test-config';

export interface TestApp {
  app: FastifyInstance;
  /** Cookie + header pair that passes the XSRF check on unsafe methods. */
  xsrf: { cookie: string; 'x-xsrf-token': string };
}

export const TEST_XSRF_TOKEN = 'test-xsrf-token';

/** The real app on a test database, with no SPA build unless a dist dir is given. */
export async function buildTestApp(
  database: Database,
  overrides: Partial<Omit<AppDeps, 'database'>> & {
    register?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const { register, ...deps } = overrides;
  const app = await buildApp({
    config: createTestConfig(),
    logger: false,
    webDistDir: mkdtempSync(join(tmpdir(), 'pp-nodist-')),
    ...deps,
    database,
  });
  register?.(app);
  await app.ready();
  return {
    app,
    xsrf: { cookie: `XSRF-TOKEN=${TEST_XSRF_TOKEN}`, 'x-xsrf-token': TEST_XSRF_TOKEN },
  };
}
