import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@partner-portal/shared/report-import';
import {
  freePort,
  killGroup,
  startServer,
  stopGroup,
  waitUntilReady,
  type SpawnedProcess,
} from '../spawned-server';

// An upload in flight when the server is killed with SIGKILL: after the restart nothing of the
// file is in the reports, its staged rows are gone, and its status URL says it failed.
const repoRoot = new URL('../../../../', import.meta.url).pathname;
const XSRF = 'import-kill-xsrf';
const ROWS = 60_000;
const workDir = mkdtempSync(join(tmpdir(), 'pp-import-kill-'));
const dataDir = join(workDir, 'data');
let server: SpawnedProcess | null = null;

beforeAll(() => {
  if (!existsSync(join(repoRoot, 'apps/server/dist/server.js')))
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/server'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
});

afterAll(async () => {
  if (server) await killGroup(server);
  rmSync(workDir, { recursive: true, force: true });
});

async function boot(): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = startServer({ DATA_DIR: dataDir, PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn' });
  await waitUntilReady(url, server.output);
  return url;
}

function call(url: string, token: string | null, method: string, path: string, body?: unknown) {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const line = (n: number) =>
  `2026-01-${String((n % 28) + 1).padStart(2, '0')},kill-test,C${n % 9},search,US,mobile,${n},1,1,1.00,1.00\n`;

describe('kill -9 during a report upload', () => {
  it('leaves nothing of the file once the server is back', async () => {
    let url = await boot();
    const signup = await call(url, null, 'POST', '/api/account', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'kill-test@example.test',
      partner_name: 'Kill test',
      password: 'correct horse battery staple 42',
    });
    expect(signup.status).toBe(201);
    const { token, account_id: accountId } = (
      (await signup.json()) as {
        data: { token: string; account_id: string };
      }
    ).data;
    const started = await call(url, token, 'POST', '/api/account/data/imports/jobs', {
      name: 'kill.csv',
      size: 6_000_000,
    });
    expect(started.status).toBe(201);
    const job = ((await started.json()) as { data: { id: string; statusUrl: string } }).data;

    // The file trickles in: a few batches' worth, then a line every few milliseconds.
    const upload = request(`${url}${job.statusUrl}/file`, {
      method: 'PUT',
      headers: {
        'content-type': 'text/csv',
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
      },
    });
    upload.on('error', () => undefined);
    upload.write(`${REPORT_COLUMNS.join(',')}\n`);
    let sent = 0;
    for (; sent < 25_000; sent += 1) upload.write(line(sent));
    const trickle = setInterval(() => {
      if (sent < ROWS) upload.write(line(sent++));
    }, 5);
    // Killed once rows are staged: the moment a half-imported file would show, if it could.
    const followed = async () => {
      const answer = await call(url, token, 'GET', job.statusUrl);
      return ((await answer.json()) as { data: { rowsWritten: number } }).data.rowsWritten;
    };
    await expect.poll(followed, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(20_000);
    await killGroup(server!);
    clearInterval(trickle);
    upload.destroy();

    // What the kill left on disk, opened as the restart will: none of it in the reports (the
    // staged rows are gone too, since recovery empties an unlogged table).
    const scratch = join(workDir, 'scratch');
    cpSync(join(dataDir, 'pgdata'), scratch, { recursive: true });
    const before = await PGlite.create(scratch);
    const killed = await before.query<{ status: string; rows: number }>(
      `select status, (select count(*)::int from report_rows where account_id = $1) as rows
       from report_import_jobs where id = $2`,
      [accountId, job.id],
    );
    await before.close();
    expect(killed.rows[0]).toEqual({ status: 'receiving', rows: 0 });

    url = await boot();
    const after = await call(url, token, 'GET', job.statusUrl);
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: unknown }).data).toMatchObject({
      status: 'failed',
      importId: null,
    });
    const history = await call(url, token, 'GET', '/api/account/data/imports');
    expect(((await history.json()) as { data: unknown[] }).data).toEqual([]);
    await stopGroup(server!);
    server = null;

    const check = await PGlite.create(join(dataDir, 'pgdata'));
    const left = await check.query<{ staged: number; rows: number; daily: number }>(
      `select (select count(*)::int from report_import_staging) as staged,
              (select count(*)::int from report_rows where account_id = $1) as rows,
              (select count(*)::int from report_daily where account_id = $1) as daily`,
      [accountId],
    );
    await check.close();
    expect(left.rows[0]).toEqual({ staged: 0, rows: 0, daily: 0 });
  }, 180_000);
});
