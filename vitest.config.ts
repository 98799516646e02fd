import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One Vitest run, four kinds of suite (docs/architecture.md):
 * - repo: checks on the repository itself;
 * - shared: pure rules;
 * - server: app.inject() tests on PGlite, and the same files again on PostgreSQL when
 *   TEST_DATABASE_URL is set;
 * - web: components in jsdom (apps/web/vite.config.ts holds its test settings);
 * - scale: two built servers on one PostgreSQL and one Redis (`npm run test:scale`), when
 *   TEST_DATABASE_URL and TEST_REDIS_URL are set; it needs `npm run build` first;
 * - crash: the built server killed with SIGKILL mid-workload, then checked and restarted
 *   (`npm run test:crash`), on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
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
    // test/scale: built servers in processes of their own, a project of its own (below).
    // test/crash: built servers killed mid-workload, a project of its own (below).
    // src/db/pglite-backup.test.ts: the embedded database's own backups, PGlite whatever the run.
    exclude:
      database === 'pglite'
        ? ['test/postgres/**', 'test/scale/**', 'test/crash/**']
        : ['test/scale/**', 'test/crash/**', 'src/db/pglite-backup.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    env: { TEST_DB: database },
    // Some tests start a CLI or a server of their own (tsx compiling at start, a fresh embedded
    // database): about 30 s each when the browser journeys run beside them on two cores. Speed
    // is measured by `npm run bench`; a timeout here only catches a test that hangs.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

/**
 * The scale and crash suites time what they measure (a revocation seen within 1 s, a kill at a
 * random point): they run after the rest of Vitest, one file at a time.
 */
const ALONE = { maxWorkers: 1, sequence: { groupOrder: 1 } } as const;

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
  {
    extends: 'apps/web/vite.config.ts',
    // Screens driven by user-event take seconds on a busy two-core CI machine (up to 7 s beside
    // the browser journeys): Vitest's default 5 s timed some out. Speed is measured by
    // `npm run bench`, never by a test's timeout.
    test: { name: 'web', root: 'apps/web', testTimeout: 30_000 },
  },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [
        {
          test: {
            name: 'scale',
            root: 'apps/server',
            include: ['test/scale/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 120_000,
            ...ALONE,
          },
        },
      ]
    : []),
  {
    test: {
      name: 'crash',
      root: 'apps/server',
      include: ['test/crash/**/*.test.ts'],
      environment: 'node',
      testTimeout: 300_000,
      hookTimeout: 120_000,
      ...ALONE,
    },
  },
];

// Two files at a time even on a two-core machine, where Vitest's default (cores − 1) is one:
// API files wait on the database as much as they compute, and CI's budget is 45 minutes.
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({ test: { projects, maxWorkers } });
