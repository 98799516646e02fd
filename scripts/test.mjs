#!/usr/bin/env node
// `npm test`: every suite that can run on this machine, then one plain totals line.
// Unit, component and API suites run in one Vitest invocation (PGlite always; PostgreSQL too
// when TEST_DATABASE_URL is set). Browser journeys run when a Chromium is found, and a missing
// browser is a failure instead of a skip when E2E_REQUIRED=1 (CI).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** Runs a command to its end, its output on the terminal. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = { start: Date.now(), build: 0, vitest: 0, journeys: 0 };
const problems = [];

// The built app: the browser journeys, the scale suite (two `npm run serve` instances) and the
// crash trials run it.
const chromium = findChromium();
const e2eRequired = process.env.E2E_REQUIRED === '1';
const scaleRuns = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
// The crash suite always runs the built server: without the web build, build the server alone.
const buildStarted = Date.now();
const buildCode = await run(
  'npm',
  chromium || scaleRuns ? ['run', 'build'] : ['run', 'build', '--workspace', 'apps/server'],
);
timings.build = Date.now() - buildStarted;
if (buildCode !== 0) problems.push(`build exited with ${buildCode}`);
const built = buildCode === 0;

// Vitest: repo, shared, server (PGlite [+ PostgreSQL]), web [+ scale].
const vitestJson = join(resultsDir, 'vitest.json');
const vitestStarted = Date.now();
const vitestCode = await run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
  // Each file's time with its project, for durations.md (the JSON report names the file only).
  '--reporter=./scripts/file-durations-reporter.ts',
]);
timings.vitest = Date.now() - vitestStarted;
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (vitestCode !== 0) problems.push(`vitest exited with ${vitestCode}`);
// The run's tail is often all that is kept of a CI log: name each failed test there.
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults) {
    if (test.status === 'failed') {
      problems.push(`failed: ${relative(root, file.name)} › ${test.fullName}`);
    }
  }
}
if (!vitest) problems.push('vitest wrote no results');

/** Titles of the browser journeys that failed, from Playwright's nested JSON suites. */
function failedJourneys(suites = [], trail = []) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...trail, suite.title] : trail;
    const failedSpecs = (suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => [...path, spec.title].join(' › '));
    return [...failedSpecs, ...failedJourneys(suite.suites, path)];
  });
}

// Playwright: the built app in a real Chromium, after Vitest. Side by side on the two-core CI
// machine the two fought over it (Vitest took 30.7 minutes, the journeys 27.6 beside it); one
// after the other, on a quiet machine, they take 5.3 and 6.9 (docs/development.md#tests).
const playwrightJson = join(resultsDir, 'playwright.json');
const journeysRun = Boolean(chromium && built);
if (journeysRun) {
  console.log('\n=== Browser journeys (Playwright)\n');
  const journeysStarted = Date.now();
  const e2eCode = await run(
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  );
  timings.journeys = Date.now() - journeysStarted;
  const playwright = readJson(playwrightJson);
  if (playwright) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
    totals.skipped += playwright.stats.skipped;
    for (const title of failedJourneys(playwright.suites)) problems.push(`failed: ${title}`);
  }
  if (e2eCode !== 0) problems.push(`playwright exited with ${e2eCode}`);
  if (!playwright) problems.push('playwright wrote no results');
} else if (!chromium && e2eRequired) {
  problems.push(
    'E2E_REQUIRED=1 but no Chromium was found (install Debian chromium or set CHROMIUM_PATH)',
  );
} else if (!chromium) {
  console.log('\nBrowser journeys not run: no Chromium found (set CHROMIUM_PATH to run them).');
}

// A report about the run, not a result of it: a failure to write it fails nothing.
try {
  writeDurations();
} catch (error) {
  console.warn('Could not write .test-results/durations.md:', error);
}

/**
 * .test-results/durations.md: each suite's wall time and the 20 slowest files (Vitest's and the
 * journeys'), so the next person sees where the time goes without profiling.
 */
function writeDurations() {
  const files = (readJson(join(resultsDir, 'vitest-files.json')) ?? []).map(
    ({ project, file, ms }) => ({ suite: project, file, ms }),
  );
  const playwright = readJson(playwrightJson);
  const journeyMs = new Map();
  const walk = (suites = []) => {
    for (const suite of suites) {
      for (const spec of suite.specs ?? []) {
        const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
        const file = join('e2e', 'specs', spec.file ?? suite.file ?? '?');
        journeyMs.set(file, (journeyMs.get(file) ?? 0) + ms);
      }
      walk(suite.suites);
    }
  };
  walk(playwright?.suites);
  for (const [file, ms] of journeyMs) files.push({ suite: 'journeys', file, ms });
  const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
  const bySuite = new Map();
  for (const { suite, ms } of files) {
    const sum = bySuite.get(suite) ?? { files: 0, ms: 0 };
    bySuite.set(suite, { files: sum.files + 1, ms: sum.ms + ms });
  }
  const lines = [
    '# Test durations',
    '',
    `Written by \`npm test\` on ${new Date().toISOString()}.`,
    '',
    '| suite | wall time |',
    '|---|---|',
    `| build | ${minutes(timings.build)} |`,
    `| Vitest (every project) | ${minutes(timings.vitest)} |`,
    ...(journeysRun ? [`| browser journeys (after Vitest) | ${minutes(timings.journeys)} |`] : []),
    `| npm test in all | ${minutes(Date.now() - timings.start)} |`,
    '',
    'Files run side by side, so the sums below add up to more than the wall time.',
    '',
    '| project | files | sum of file times |',
    '|---|---|---|',
    ...[...bySuite].map(([suite, sum]) => `| ${suite} | ${sum.files} | ${minutes(sum.ms)} |`),
    '',
    '| slowest files | project | time |',
    '|---|---|---|',
    ...files
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20)
      .map(({ suite, file, ms }) => `| ${file} | ${suite} | ${(ms / 1000).toFixed(1)} s |`),
    '',
  ];
  writeFileSync(join(resultsDir, 'durations.md'), lines.join('\n'));
}

// Printed on stdout just above the totals: a CI log is often kept only as its stdout's tail.
if (problems.length > 0) console.log('');
for (const problem of problems) console.log(`✗ ${problem}`);
const failed = totals.failed + (problems.length > 0 && totals.failed === 0 ? 1 : 0);
const summary = `${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(join(resultsDir, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
