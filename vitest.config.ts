import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One Vitest run, these kinds of suite (docs/architecture.md):
 * - repo: checks on the repository itself;
 * - shared: pure rules;
 * - server: every server file (app.inject() tests, the spawned server and admin command) once,
 *   on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite;
 * - server-embedded: when TEST_DATABASE_URL is set, the files below whose behaviour depends on
 *   the database engine, again on PGlite (the embedded database `npm start` runs on), and the
 *   files that only ever use the embedded database;
 * - web: components in jsdom (apps/web/vite.config.ts holds its test settings), the files of a
 *   worker sharing one jsdom; web-mocking: the few that replace a module, each on its own;
 * - scale: two built servers on one PostgreSQL and one Redis (`npm run test:scale`), when
 *   TEST_DATABASE_URL and TEST_REDIS_URL are set; it needs `npm run build` first;
 * - crash: the built server killed with SIGKILL mid-workload, then checked and restarted
 *   (`npm run test:crash`), on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */

/**
 * Server test files that run on both databases, and why: what differs between PGlite (one
 * connection in this process, so nothing ever waits on a lock or runs at the same time) and
 * PostgreSQL (a pool of connections racing, locks that block, LISTEN/NOTIFY between connections).
 * Every other server file tests our code above the database, which is the same SQL on both, and
 * runs once. A file added here should name what it proves about the engine.
 */
export const ON_BOTH_DATABASES: Record<string, string> = {
  'src/db/client.test.ts': 'the two drivers behind one interface: rows, errors, closing',
  'src/db/schema.test.ts':
    'migrations, constraints, cascades and rollback as each engine runs them',
  'test/failure-halfway.test.ts': 'a transaction that fails half-way leaves nothing behind',
  'test/unstorable-input.test.ts': 'NUL and lone surrogates, which each driver encodes its own way',
  'src/features/health/health.test.ts': 'what the health route reports of each engine',
  'src/features/health/ready.test.ts': 'readiness while the database is down or migrating',
  'src/lib/error-handler.test.ts': "an unreachable database's errors answered 503",
  'src/lib/metrics.test.ts': 'pool and outbox figures, which only PostgreSQL has in full',
  'src/lib/live-sessions.test.ts': 'session cache invalidation: NOTIFY between connections',
  'src/features/api-keys/api-keys.test.ts':
    'key revocation seen at once: NOTIFY between connections',
  'src/lib/mail/mail-dispatcher.test.ts': 'the outbox: claims with SKIP LOCKED, NOTIFY on insert',
  'src/features/digests/digest-job.test.ts': 'digest runs claimed with SKIP LOCKED by one worker',
  'src/features/account-security/two-factor-policy.test.ts':
    'the 2FA deadline job: reminders claimed with SKIP LOCKED, mailed once',
  'src/lib/audit.test.ts': 'one unbroken hash chain under many concurrent writers',
  'src/lib/one-time-token.test.ts': 'one success among 20 parallel redemptions',
  'src/features/analytics/analytics.test.ts': 'a workbook link opened once under 20 parallel loads',
  'src/features/analytics/report-import-job.test.ts':
    "COPY through each driver (pg-copy-streams, PGlite's /dev/blob) and a cancel racing a batch",
  'src/features/social/social.test.ts':
    'a social sign-in token redeemed once under 20 parallel posts',
  'src/features/team/invite.test.ts': 'an invitation accepted once under parallel acceptances',
  'src/features/team/invited-signup.test.ts': 'an invited sign-up completed once in parallel',
  'src/features/auth/second-factor-cap.test.ts': 'wrong-code counts under parallel guesses',
  'test/writes-after-second-factor.test.ts':
    'nothing written before the second factor, in parallel',
  'src/features/billing/billing-lock.test.ts':
    'the per-account advisory lock blocks a second writer',
  'src/features/billing/billing-races.test.ts':
    'seeded races of billing writes: no deadlock, no double charge',
  'src/features/billing/upgrade.test.ts': 'parallel upgrades: one payment waiting at a time',
  'src/features/billing/card-change.test.ts': 'a card change against a payment in flight',
  'src/features/billing/reconcile-attempts.test.ts': 'reconciliation racing an approval',
  'src/features/billing/provider-contract.test.ts': 'both payment providers under parallel calls',
  'src/features/billing/local-processor/local-processor.test.ts':
    'renewals claimed with SKIP LOCKED, charged once',
  'src/features/billing/stripe/stripe-billing.test.ts': 'webhook events delivered twice at once',
};

/**
 * Server test files that use the embedded database whatever the run's database is (a data dir of
 * their own, for the built server or the admin command): one run of them is all there is to have.
 */
export const EMBEDDED_ONLY: string[] = [
  'src/db/pglite-backup.test.ts',
  'src/server.test.ts',
  'src/server-tls.test.ts',
  'src/features/audit/audit-verify-cli.test.ts',
  'src/features/auth/impersonate-cli.test.ts',
  'src/features/billing/billing-reconcile-cli.test.ts',
];

const postgres = Boolean(process.env.TEST_DATABASE_URL);

const serverProject = (
  name: string,
  database: 'pglite' | 'postgres',
  include: string[],
  exclude: string[],
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/server',
    include,
    // test/scale: built servers in processes of their own, a project of its own (below).
    // test/crash: built servers killed mid-workload, a project of its own (below).
    exclude: ['test/scale/**', 'test/crash/**', ...exclude],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    env: { TEST_DB: database },
    // Files share their worker's loaded modules instead of each starting a fresh process that
    // loads the whole app again: on 17 server files 70 s of CPU became 30 s, the whole server
    // suite 4.5 minutes alone. Each file still builds its own app and database; none mocks a
    // module (scripts/server-projects.test.ts checks), which would leak into the next file.
    isolate: false,
    // Some tests start the built server or admin command, or a fresh embedded database: seconds
    // each on a busy two-core machine. Speed is measured by `npm run bench`; a timeout here only
    // catches a test that hangs.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

const EVERY_SERVER_FILE = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const serverProjects = postgres
  ? [
      serverProject('server', 'postgres', EVERY_SERVER_FILE, EMBEDDED_ONLY),
      serverProject(
        'server-embedded',
        'pglite',
        [...Object.keys(ON_BOTH_DATABASES), ...EMBEDDED_ONLY],
        [],
      ),
    ]
  : // test/postgres: several instances on one server, which the embedded database cannot be.
    [serverProject('server', 'pglite', EVERY_SERVER_FILE, ['test/postgres/**'])];

/**
 * Web test files that replace a module (`vi.mock`, `vi.doMock`), or render with React's server
 * renderer: they run in a project of their own, each file in a fresh worker. A replaced module
 * would stay replaced for the next file in a shared worker, and a server render marks React's
 * contexts as another renderer's, which the next file's client render warns about.
 */
const WEB_FILES = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split('\\').join('/')}`);
/** Renders pages with React's server renderer (src/prerender/render-page.tsx). */
const SERVER_RENDERING = ['src/prerender/hydration.test.tsx'];
const mocks = (file: string) =>
  SERVER_RENDERING.includes(file) ||
  /\bvi\.(mock|doMock)\(/.test(readFileSync(join('apps/web', file), 'utf8'));
const WEB_FILES_MOCKING = WEB_FILES.filter(mocks);

// Screens driven by user-event take seconds on a busy two-core CI machine (up to 7 s beside the
// browser journeys): Vitest's default 5 s timed some out. Speed is measured by `npm run bench`,
// never by a test's timeout.
const WEB_TEST_TIMEOUT = 30_000;

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
  ...serverProjects,
  {
    extends: 'apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: 'apps/web',
      testTimeout: WEB_TEST_TIMEOUT,
      exclude: [...configDefaults.exclude, ...WEB_FILES_MOCKING],
      // Files share their worker's jsdom and loaded modules instead of each building a fresh
      // one and loading the app and both languages again (most of the web suite's CPU went
      // there). Every test unmounts and clears what it set (src/test/setup.ts, afterEach).
      isolate: false,
    },
  },
  {
    extends: 'apps/web/vite.config.ts',
    test: {
      name: 'web-mocking',
      root: 'apps/web',
      testTimeout: WEB_TEST_TIMEOUT,
      // `extends` adds to the base config's include, so the others are left out here.
      exclude: [
        ...configDefaults.exclude,
        'build-plugins/**',
        ...WEB_FILES.filter((file) => !mocks(file)),
      ],
    },
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
