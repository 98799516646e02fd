import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One Vitest run, four kinds of suite (docs/architecture.md):
 * - repo: checks on the repository itself;
 * - shared: pure rules;
 * - server: app.inject() tests on PGlite, and the same files again on PostgreSQL when
 *   TEST_DATABASE_URL is set;
 * - web: components in jsdom (apps/web/vite.config.ts holds its test settings).
 */
const serverProject = (
  name: string,
  database: 'pglite' | 'postgres',
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/postgres: several instances on one server, which the embedded database cannot be.
    exclude: database === 'pglite' ? ['test/postgres/**'] : [],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    env: { TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    // Checks on the repository itself (the lockfile against the promised Node.js).
    test: { name: 'repo', root: 'scripts', include: ['*.test.ts'], environment: 'node' },
  },
  {
    test: {
      name: 'shared',
      root: 'packages/shared',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  serverProject('server', 'pglite'),
  ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
  { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
];

export default defineConfig({ test: { projects } });
