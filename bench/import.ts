// `npm run bench:import`: a million-row report file (about 75 MB) through the upload route as an
// integration would send it, on the embedded database and, with TEST_DATABASE_URL (or
// BENCH_DATABASE_URL), on PostgreSQL. Measures the time until the rows are in, the server's
// memory while the file streams through it, and what another user's GET /api/user costs
// meanwhile against the same probe on the idle server. Writes its section of
// bench/results/latest.md. IMPORT_ROWS changes the file's size (1,000,000 by default).

import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-password';
import { startAppServer, statusOf } from '../e2e/fixtures/app-server';
import { findFreePort } from '../e2e/fixtures/free-port';
import { rssMb, sleep } from './abuse/abuse-server';
import { PROBE_EVERY_MS, probe, round, type Latencies } from './probe';
import { writeSection } from './results-file';

const HEADING = '## Report import: a million rows, streamed';
const ROWS = Number(process.env.IMPORT_ROWS ?? 1_000_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const OWNER = { email: 'owner@demo.test', password: DEMO_PASSWORD };

interface Run {
  database: string;
  /** From the first byte sent to the 202 (the file in and checked). */
  acceptedMs: number;
  /** From the first byte sent to the job's `done`. */
  doneMs: number;
  rssBefore: number;
  rssPeak: number;
  idle: Latencies;
  during: Latencies;
}

/** The file: two years of a large account, 40 advertisers and 400 campaigns. */
async function writeFile(path: string): Promise<number> {
  const out = createWriteStream(path);
  out.write(
    'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout\n',
  );
  const start = Date.UTC(2025, 0, 1);
  for (let n = 0; n < ROWS; n += 1) {
    const day = new Date(start + (n % 730) * 86_400_000).toISOString().slice(0, 10);
    const line = `${day},Advertiser ${n % 40},Campaign ${n % 400},${n % 3 ? 'search' : 'social'},${n % 5 ? 'US' : 'DE'},${n % 2 ? 'mobile' : 'desktop'},${1_000 + (n % 9_000)},${n % 90},${n % 7},${(n % 500) + 0.25},${(n % 300) + 0.1}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(path).size;
}

/** The built server with the demo data (its owner signs in), ready to take the file. */
async function startServer(env: Record<string, string>) {
  const server = await startAppServer(await findFreePort(), { DEMO_SEED: 'true', ...env });
  const deadline = Date.now() + 180_000;
  while ((await statusOf(`${server.url}/api/ready`).catch(() => 0)) !== 200) {
    if (Date.now() > deadline) throw new Error('the server did not get ready');
    await sleep(250);
  }
  return server;
}

async function signIn(url: string) {
  const health = await fetch(`${url}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const answer = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!answer.ok) throw new Error(`sign-in: HTTP ${answer.status}`);
  const { token } = ((await answer.json()) as { data: { token: string } }).data;
  return { ...headers, authorization: `Bearer ${token}` };
}

/** The one-request upload, streamed from disk: answers the 202's status URL. */
function upload(url: string, headers: Record<string, string>, file: string, size: number) {
  return new Promise<string>((resolve, reject) => {
    const call = request(`${url}/api/reports/import?name=bench.csv`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv', 'content-length': String(size) },
    });
    call.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        if (response.statusCode !== 202)
          reject(new Error(`upload: ${response.statusCode} ${body}`));
        else resolve((JSON.parse(body) as { data: { statusUrl: string } }).data.statusUrl);
      });
    });
    call.on('error', reject);
    createReadStream(file).pipe(call);
  });
}

async function measure(database: string, file: string, size: number, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const headers = await signIn(server.url);
    const idle = await probe(server.url, headers, sleep(10_000));
    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 100);
    const started = performance.now();
    const finished = (async () => {
      const statusUrl = await upload(server.url, headers, file, size);
      const acceptedMs = performance.now() - started;
      for (;;) {
        const job = (await (await fetch(`${server.url}${statusUrl}`, { headers })).json()) as {
          data: { status: string; rowsWritten: number };
        };
        if (job.data.status === 'done') break;
        if (job.data.status !== 'writing') throw new Error(`the import ended ${job.data.status}`);
        await sleep(100);
      }
      return { acceptedMs, doneMs: performance.now() - started };
    })();
    const during = await probe(server.url, headers, finished);
    const { acceptedMs, doneMs } = await finished;
    clearInterval(sampler);
    const run: Run = { database, acceptedMs, doneMs, rssBefore, rssPeak, idle, during };
    console.log(JSON.stringify(run));
    return run;
  } finally {
    await server.stop();
  }
}

async function onPostgres(file: string, size: number): Promise<Run | null> {
  if (!adminUrl) return null;
  const name = `pp_bench_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    return await measure('PostgreSQL', file, size, { DATABASE_URL: databaseUrl.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'pp-bench-import-file-'));
  try {
    const file = join(dir, 'bench.csv');
    const size = await writeFile(file);
    console.log(`${ROWS.toLocaleString('en-US')} rows, ${(size / 1024 / 1024).toFixed(1)} MiB`);
    const runs = [await measure('embedded (PGlite)', file, size, {})];
    const postgres = await onPostgres(file, size);
    if (postgres) runs.unshift(postgres);
    const section = [
      HEADING,
      '',
      `Measured ${new Date().toISOString()} with \`npm run bench:import\`: a file of ${ROWS.toLocaleString('en-US')} rows (${(size / 1024 / 1024).toFixed(1)} MiB; two years, 40 advertisers, 400 campaigns) sent by \`POST /api/reports/import\` as an integration streams it (\`Content-Length\` set, so over \`IMPORT_ASYNC_BYTES\` it answers 202 once the file is in and checked), to the built server with the demo data, one run per database on a shared 2-CPU machine. Another user's \`GET /api/user\` is called one at a time every ${PROBE_EVERY_MS} ms for 10 s on the idle server, then for the whole import. Goals: in ≤ 60 s; server RSS grows ≤ 100 MB; \`/api/user\` p99 ≤ 3× idle.`,
      '',
      '| database | file in and checked (202) | rows in the reports | rows/s | RSS before → peak (growth) | /api/user p50 / p99 / max idle | during the import | p99 ratio |',
      '|---|---|---|---|---|---|---|---|',
      ...runs.map(
        (run) =>
          `| ${run.database} | ${seconds(run.acceptedMs)} | ${seconds(run.doneMs)} | ${Math.round(ROWS / (run.doneMs / 1000)).toLocaleString('en-US')} | ${run.rssBefore} → ${run.rssPeak} MB (+${round(run.rssPeak - run.rssBefore)} MB) | ${run.idle.p50} / ${run.idle.p99} / ${run.idle.max} ms (${run.idle.count}) | ${run.during.p50} / ${run.during.p99} / ${run.during.max} ms (${run.during.count}) | ${(run.during.p99 / run.idle.p99).toFixed(1)}× |`,
      ),
      '',
    ].join('\n');
    if (ROWS === 1_000_000) writeSection(section);
    process.stdout.write(`\n${section}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
