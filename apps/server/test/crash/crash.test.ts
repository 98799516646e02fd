import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../admin-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrashTrials, type CrashReport } from './crash-trials';

// `npm run test:crash`: the built server killed with SIGKILL mid-workload, CRASH_TRIALS times
// (3 by default) on the embedded database and, when TEST_DATABASE_URL is set, on a PostgreSQL
// database of its own; after every kill the data must keep its invariants and the server must
// come back. CRASH_SEED replays a run's random choices (not the moment of each kill).
const TRIALS = Number(process.env.CRASH_TRIALS ?? 3);
const SEED = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : randomInt(2 ** 31);
const adminUrl = process.env.TEST_DATABASE_URL;
// A trial takes ~5–15 s; the project's 300 s is for the default count.
const TIMEOUT = Math.max(300_000, TRIALS * 25_000);
const repoRoot = new URL('../../../../', import.meta.url).pathname;
const workDirs: string[] = [];

function summary(report: CrashReport): string {
  return (
    `crash ${report.database}: ${report.trials} trials, ${report.operations} operations ` +
    `(${report.attempts} calls, ${report.serverErrors} 5xx), imports ${report.imports.completed} ` +
    `finished / ${report.imports.killed} killed, ${report.recoveries} recoveries, ` +
    `${report.violations.length} violations, seed ${report.seed} — ` +
    Object.entries(report.byKind)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')
  );
}

function expectClean(report: CrashReport): void {
  console.info(summary(report));
  for (const note of report.notes) console.info(`  note: ${note}`);
  for (const violation of report.violations)
    console.error(
      `  violation (trial ${violation.trial}, seed ${violation.seed}): ${violation.invariant}: ${violation.detail}`,
    );
  expect(report.violations).toEqual([]);
  expect(report.trials).toBe(TRIALS);
  // Every kill was followed by a boot that got ready, the last one's included.
  expect(report.recoveries).toBe(TRIALS);
  expect(report.imports.completed).toBeGreaterThan(0);
  expect(report.operations).toBeGreaterThan(0);
}

function workDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pp-crash-${name}-`));
  workDirs.push(dir);
  return dir;
}

beforeAll(() => {
  // `npm run test:crash` builds first; a plain `vitest run` may not have (the build is ~1 s).
  if (!existsSync(join(repoRoot, 'apps/server/dist/server.js')))
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/server'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
});

afterAll(() => {
  for (const dir of workDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('kill -9 in the middle of a workload', () => {
  it(
    `keeps every invariant on the embedded database (PGlite), ${TRIALS} trials`,
    async () => {
      const report = await runCrashTrials({
        database: 'pglite',
        trials: TRIALS,
        seed: SEED,
        workDir: workDir('pglite'),
        log: (line) => console.info(line),
      });
      expectClean(report);
    },
    TIMEOUT,
  );

  it.runIf(Boolean(adminUrl))(
    `keeps every invariant on PostgreSQL, ${TRIALS} trials`,
    async () => {
      const scratch = await createScratchDatabase(adminUrl ?? '', 'pp_crash');
      try {
        const report = await runCrashTrials({
          database: 'postgres',
          trials: TRIALS,
          seed: SEED,
          workDir: workDir('postgres'),
          databaseUrl: scratch.url,
          log: (line) => console.info(line),
        });
        expectClean(report);
      } finally {
        await scratch.drop();
      }
    },
    TIMEOUT,
  );
});
