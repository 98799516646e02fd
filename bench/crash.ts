// `npm run bench:crash`: the kill -9 trials of `npm run test:crash` at the bench's count, 100 by
// default (CRASH_TRIALS; CRASH_SEED replays the random choices), on the embedded database and,
// when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a database of its
// own there, the two side by side. Needs `npm run build` first. Rewrites its section of
// bench/results/latest.md and prints it; exits non-zero on any violation.
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCrashTrials, type CrashReport } from '../apps/server/test/crash/crash-trials';
import { createScratchDatabase } from '../apps/server/test/admin-query';
import { writeSection } from './results-file';

const HEADING = '## Crash trials (kill -9)';
const TRIALS = Number(process.env.CRASH_TRIALS ?? 100);
const SEED = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : randomInt(2 ** 31);
const root = new URL('..', import.meta.url).pathname;

// One line a trial: a hundred take tens of minutes.
const progress = (line: string) => console.log(line);

interface Run {
  report: CrashReport;
  seconds: number;
}

/** The trials on one database, timed; on PostgreSQL in a scratch database of the run's own. */
async function trialsOn(database: 'pglite' | 'postgres', adminUrl?: string): Promise<Run> {
  const workDir = mkdtempSync(join(tmpdir(), `pp-bench-crash-${database}-`));
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'pp_bench_crash') : null;
  const started = Date.now();
  try {
    const report = await runCrashTrials({
      database,
      trials: TRIALS,
      seed: SEED,
      workDir,
      ...(scratch ? { databaseUrl: scratch.url } : {}),
      log: progress,
    });
    return { report, seconds: (Date.now() - started) / 1000 };
  } finally {
    // A killed server's last writes can still be landing in the directory: retry, and never let
    // the cleanup of one database throw away the figures of both.
    try {
      rmSync(workDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove ${workDir}: ${String(error)}`);
    }
    await scratch?.drop();
  }
}

const label = { pglite: 'embedded database (PGlite)', postgres: 'PostgreSQL' } as const;
const n = (value: number) => value.toLocaleString('en-US');

function section(runs: Run[]): string {
  const violations = runs.reduce((sum, { report }) => sum + report.violations.length, 0);
  const lines = [
    HEADING,
    '',
    `Measured ${new Date().toISOString()} with \`npm run bench:crash\`: the built server takes a concurrent workload (sign-ups, invites, joins by invite, profile and e-mail changes, card upgrades, CSV imports through the admin CLI) and is killed with SIGKILL at a random moment, ${n(TRIALS)} times on each database; between each kill and its restart the data is checked against every invariant of \`apps/server/test/crash/invariants.ts\`, then the server must get ready again. Seed ${SEED} (replay with \`CRASH_SEED=${SEED}\`; the moment of each kill is not replayed). Goal: 0 violations (${violations === 0 ? 'met' : '**missed**'}).`,
    '',
    '| database | kills | recoveries | operations acknowledged | calls | 5xx | imports finished / killed | violations | time |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      ({ report, seconds }) =>
        `| ${label[report.database]} | ${n(report.trials)} | ${n(report.recoveries)} | ${n(report.operations)} | ${n(report.attempts)} | ${n(report.serverErrors)} | ${n(report.imports.completed)} / ${n(report.imports.killed)} | ${report.violations.length} | ${Math.round(seconds)} s |`,
    ),
    '',
    ...runs.map(
      ({ report }) =>
        `Acknowledged on ${label[report.database]}: ${Object.entries(report.byKind)
          .map(([kind, count]) => `${kind} ${n(count)}`)
          .join(', ')}.`,
    ),
  ];
  for (const { report } of runs) {
    for (const violation of report.violations) {
      lines.push(
        `- violation on ${label[report.database]} (trial ${violation.trial}, seed ${violation.seed}): ${violation.invariant}: ${violation.detail}`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/server/dist/server.js'))) {
    console.error('Missing apps/server/dist/server.js: run `npm run build` first.');
    process.exitCode = 1;
    return;
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log(
    `${TRIALS} trials, seed ${SEED}, on PGlite${adminUrl ? ' and PostgreSQL, side by side' : ' (set BENCH_DATABASE_URL for PostgreSQL too)'}`,
  );
  const runs = await Promise.all([
    trialsOn('pglite'),
    ...(adminUrl ? [trialsOn('postgres', adminUrl)] : []),
  ]);
  const text = section(runs);
  writeSection(text);
  process.stdout.write(`${text}\n`);
  if (runs.some(({ report }) => report.violations.length > 0)) process.exitCode = 1;
}

await main();
