#!/usr/bin/env node
// `npm run test:stop [-- --cycles N] [-- --database pglite|postgres]`: starts and stops the built
// server N times (200 by default) on the embedded database (one DATA_DIR, restarted on like a
// real server) and, when TEST_DATABASE_URL is set, on a PostgreSQL database of its own, the way
// a process manager does: `npm run serve` or the bundle itself, SIGTERM to the whole process
// group, once or twice, after traffic that sends mail (printed to the log, or to an SMTP server
// that is gone), with a stdout reader that keeps reading, stops reading, stops once its own child
// exits, or closes its end, and sometimes the admin CLI on the same data right after the signal.
// Every group must be gone within 10 s of the first signal. One line per failure, then per
// database `stop-cycles: N cycles, N exited within 10 s, slowest X ms`; exit 1 on any failure.
// A group still there is described (/proc: state, wait channel) and killed by its pgid.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const EXIT_LIMIT_MS = 10_000;
// How long a group is watched past the limit, to tell a slow exit from one that never comes.
const WATCH_PAST_LIMIT_MS = 5_000;
const START_LIMIT_MS = 90_000;
const CLI_LIMIT_MS = 120_000;
// Past what a paused reader's pipe and Node's read buffer hold (~100 + 64 kB here), so that a
// reader that stops leaves a full pipe behind: the debug request lines and printed mail of this
// many requests come to ~200 kB.
const REQUESTS = 640;
const CONCURRENCY = 8;

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}
const cycles = Number(option('cycles', '200'));
const only = option('database', null);
const verbose = process.argv.includes('--verbose');
if (!Number.isInteger(cycles) || cycles < 1) {
  console.error('Usage: node scripts/stop-cycles.mjs [--cycles N] [--database pglite|postgres]');
  process.exit(2);
}
const adminUrl = process.env.TEST_DATABASE_URL;
if (only === 'postgres' && !adminUrl) {
  console.error('--database postgres needs TEST_DATABASE_URL');
  process.exit(2);
}

// The demo users' password, read from its module: this script runs without a TypeScript build.
const demoPassword = /DEMO_PASSWORD = '([^']+)'/.exec(
  readFileSync(join(root, 'apps/server/src/db/seed/demo-password.ts'), 'utf8'),
)?.[1];

const live = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pgid of live) killGroup(pgid);
    process.exit(130);
  });
}

function killGroup(pgid) {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The group's processes that still run: a zombie holds nothing, and its reaper may be slow. */
function membersOf(pgid) {
  try {
    process.kill(-pgid, 0);
  } catch {
    return [];
  }
  const members = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') members.push(Number(entry));
  }
  return members;
}

/** What a process still there is doing: its command, state and each thread's wait channel. */
function describe(pid) {
  const read = (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  const command = read(`/proc/${pid}/cmdline`).split('\0').join(' ').trim();
  const stat = read(`/proc/${pid}/stat`);
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  const waits = {};
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    // Gone meanwhile.
  }
  const main = read(`/proc/${pid}/task/${pid}/wchan`) || '?';
  for (const task of tasks) {
    const wchan = read(`/proc/${pid}/task/${task}/wchan`) || '?';
    waits[wchan] = (waits[wchan] ?? 0) + 1;
  }
  const threads = Object.entries(waits)
    .map(([wchan, count]) => `${count}×${wchan}`)
    .join(' ');
  return `pid ${pid} \`${command}\` state ${state}, main thread in ${main} (threads: ${threads})`;
}

/** Resolves with the ms until the group is gone, or null when it outlives `limitMs`. */
async function goneWithin(pgid, startedAt, limitMs) {
  for (;;) {
    if (membersOf(pgid).length === 0) return performance.now() - startedAt;
    if (performance.now() - startedAt > limitMs) return null;
    await sleep(20);
  }
}

/** The cycle's way of starting and stopping, so that 32 cycles go through every combination. */
function planFor(index, database) {
  const plan = {
    launcher: index % 2 === 0 ? 'npm' : 'node',
    signals: Math.floor(index / 2) % 2 === 0 ? 1 : 2,
    reader: ['reads', 'stops', 'parent-exit', 'closes'][Math.floor(index / 4) % 4],
    mail: Math.floor(index / 16) % 2 === 0 ? 'log' : 'dead-smtp',
    // The second signal as npm forwards it (at once), or as an impatient operator sends it.
    secondAfterMs: [0, 150, 600][index % 3],
    // Every third cycle, on a step of its own so that it meets every other choice.
    cli:
      index % 3 === 1
        ? database === 'pglite' && index % 2 === 1
          ? 'backup'
          : 'audit-verify'
        : null,
  };
  plan.label =
    `${plan.launcher === 'npm' ? 'npm run serve' : 'node dist/server.js'}, ` +
    `${plan.signals === 1 ? '1 signal' : `2 signals ${plan.secondAfterMs} ms apart`}, ` +
    `reader ${plan.reader}, mail ${plan.mail}${plan.cli ? `, admin ${plan.cli}` : ''}`;
  return plan;
}

async function traffic(url) {
  const first = await fetch(`${url}/api/health`);
  await first.arrayBuffer();
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? 'x';
  const post = (path, body) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify(body),
    });
  const one = async (n) => {
    const response =
      n === 0 && demoPassword
        ? await post('/api/auth', { email: 'owner@demo.test', password: demoPassword })
        : n % 10 === 1
          ? await post('/api/auth/magic', { email: 'owner@demo.test' })
          : n % 10 === 2
            ? await post('/api/auth/password/reset/request', { email: 'advertiser@demo.test' })
            : await fetch(`${url}/api/${n % 2 ? 'health' : 'ready'}?n=${n}`);
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  };
  const statuses = {};
  for (let n = 0; n < REQUESTS; n += CONCURRENCY) {
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, k) => one(n + k)));
  }
  return statuses;
}

function runCli(command, env, dataDir) {
  const args = command === 'backup' ? ['backup', join(dataDir, '..', 'backup.tar.gz')] : [command];
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, LOG_LEVEL: 'warn' },
  });
  live.add(child.pid);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroup(child.pid), CLI_LIMIT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child.pid);
      resolve({ code, signal, ms: performance.now() - startedAt, output: output.trim() });
    });
  });
}

/** One start, traffic and stop; returns the exit's ms and what went wrong, if anything. */
async function cycle(index, database) {
  const plan = planFor(index, database.kind);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    // A developer's own .env never reaches these servers.
    ENV_FILE: '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url ?? '',
    DEMO_SEED: 'true',
    LOG_LEVEL: 'debug',
    LOG_FORMAT: 'json',
  };
  delete env.SMTP_URL;
  // A mail catcher that has closed: every delivery is refused and logged.
  if (plan.mail === 'dead-smtp') env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
  const [command, args] =
    plan.launcher === 'npm'
      ? ['npm', ['run', 'serve']]
      : [process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js']];
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const pgid = child.pid;
  live.add(pgid);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  child.stdout.on('error', () => undefined);
  let stdoutBytes = 0;
  // 'stops' never reads (what Node took before the pause is all); the pipe fills behind it.
  if (plan.reader !== 'stops') child.stdout.on('data', (chunk) => (stdoutBytes += chunk.length));
  else child.stdout.pause();
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      // The filed harness: it stopped reading once its own child (npm) had exited.
      if (plan.reader === 'parent-exit') child.stdout.pause();
      resolve({ code, signal });
    }),
  );
  const fail = async (problem) => {
    killGroup(pgid);
    await goneWithin(pgid, performance.now(), 10_000);
    live.delete(pgid);
    return { ms: null, problem: `${problem} [${plan.label}]` };
  };

  const startedAt = performance.now();
  for (;;) {
    if (membersOf(pgid).length === 0 || child.exitCode !== null) {
      const lines = stderr.trim().split('\n');
      const error = lines.find((line) => /Error|error:/.test(line)) ?? lines.at(-1);
      return fail(`exited before answering: ${error}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (performance.now() - startedAt > START_LIMIT_MS) {
      return fail(`did not answer within ${START_LIMIT_MS / 1000} s`);
    }
    await sleep(100);
  }
  const readyAt = performance.now();
  let statuses;
  try {
    statuses = await traffic(url);
  } catch (error) {
    return fail(`traffic failed: ${error.message}`);
  }
  if (!statuses[200]) return fail(`no request answered 200: ${JSON.stringify(statuses)}`);
  const answeredAt = performance.now();

  const signalledAt = performance.now();
  const signal = () => {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // The group is gone already.
    }
  };
  signal();
  if (plan.reader === 'closes') child.stdout.destroy();
  if (plan.signals === 2) {
    if (plan.secondAfterMs === 0) signal();
    else setTimeout(signal, plan.secondAfterMs);
  }
  const cli = plan.cli ? runCli(plan.cli, env, database.dataDir) : null;
  const ms = await goneWithin(pgid, signalledAt, EXIT_LIMIT_MS + WATCH_PAST_LIMIT_MS);
  const problems = [];
  if (ms === null) {
    const stuck = membersOf(pgid).map(describe).join('; ');
    problems.push(
      `still running ${EXIT_LIMIT_MS + WATCH_PAST_LIMIT_MS} ms after SIGTERM: ${stuck}`,
    );
    killGroup(pgid);
    await goneWithin(pgid, performance.now(), 10_000);
  } else if (ms > EXIT_LIMIT_MS) {
    problems.push(`exited after ${Math.round(ms)} ms`);
  }
  live.delete(pgid);
  const { code, signal: killedBy } = await exited;
  // The bundle's own status is seen only when it is our child; npm's is npm's.
  if (ms !== null && plan.launcher === 'node') {
    if (killedBy) problems.push(`ended by ${killedBy} (the shutdown watchdog?)`);
    else if (plan.signals === 1 && code !== 0) problems.push(`exit code ${code}, not 0`);
    else if (code !== 0 && code !== 1) problems.push(`exit code ${code}`);
  }
  if (/Uncaught|Error: write EPIPE|Failed to start/.test(stderr)) {
    problems.push(`stderr: ${stderr.trim().split('\n').slice(0, 3).join(' | ')}`);
  }
  if (cli) {
    const ran = await cli;
    // Refusing (the server still holds the data) is an answer; a hang or a crash is not.
    if (ran.signal) problems.push(`admin ${plan.cli} did not finish within ${CLI_LIMIT_MS} ms`);
    else if (/^\s+at /m.test(ran.output)) {
      problems.push(`admin ${plan.cli} crashed: ${ran.output.split('\n').slice(0, 2).join(' | ')}`);
    }
  }
  if (verbose) {
    console.log(
      `  ${database.kind} cycle ${index + 1}: up in ${Math.round(readyAt - startedAt)} ms, ` +
        `traffic ${JSON.stringify(statuses)} in ${Math.round(answeredAt - readyAt)} ms, ` +
        `gone ${ms === null ? 'never' : `${Math.round(ms)} ms`} after the signal, ${stdoutBytes} bytes read [${plan.label}]`,
    );
  }
  return { ms, problem: problems.length ? `${problems.join('; ')} [${plan.label}]` : null };
}

async function runDatabase(database) {
  const started = performance.now();
  let within = 0;
  let slowest = 0;
  let failures = 0;
  for (let index = 0; index < cycles; index++) {
    const result = await cycle(index, database);
    if (result.ms !== null && result.ms <= EXIT_LIMIT_MS) within++;
    if (result.ms !== null) slowest = Math.max(slowest, result.ms);
    if (result.problem) {
      failures++;
      console.log(`FAIL ${database.kind} cycle ${index + 1}: ${result.problem}`);
    }
    if ((index + 1) % 10 === 0 || index + 1 === cycles) {
      const elapsed = Math.round((performance.now() - started) / 1000);
      console.log(
        `  ${database.kind}: ${index + 1}/${cycles} cycles, ${failures} failed, ${elapsed} s`,
      );
    }
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `stop-cycles: ${cycles} cycles, ${within} exited within ${EXIT_LIMIT_MS / 1000} s, ` +
      `slowest ${Math.round(slowest)} ms (${database.kind}, ${seconds} s)`,
  );
  return failures;
}

// The bundle as `npm run serve` runs it, built only when a source is newer.
const build = spawnSync(
  process.execPath,
  [join(root, 'apps/server/scripts/build.mjs'), '--if-stale'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0 || !existsSync(join(root, 'apps/server/dist/server.js'))) {
  console.error('stop-cycles: the server bundle could not be built');
  process.exit(1);
}

let failures = 0;
if (only !== 'postgres') {
  const workDir = mkdtempSync(join(tmpdir(), 'pp-stop-cycles-'));
  try {
    failures += await runDatabase({ kind: 'pglite', dataDir: join(workDir, 'data') });
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
if (adminUrl && only !== 'pglite') {
  const name = `stop_cycles_${process.pid}`;
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const workDir = mkdtempSync(join(tmpdir(), 'pp-stop-cycles-'));
  try {
    failures += await runDatabase({
      kind: 'postgres',
      dataDir: join(workDir, 'data'),
      url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    });
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}
process.exit(failures ? 1 : 0);
