import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { REPORT_COLUMNS, REPORT_IMPORT_MAX_PROBLEMS } from '@partner-portal/shared/report-import';
import type { Database } from '../../db/client';
import {
  reportDaily,
  reportImportJobs,
  reportImportStaging,
  reportRows,
} from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { createAccount } from '../../../test/factories';
import { createTestContext } from '../../../test/test-context';
import { createTestDatabase } from '../../../test/test-database';
import { FileTooLargeError } from './report-file-stream';
import {
  cancelImportJob,
  createImportJob,
  IMPORT_JOB_STALE_MS,
  runImportJob,
  sweepImportJobs,
  type ImportEnd,
} from './report-import-job.service';
import { wordProblem } from './report-import.service';

const HEADER =
  'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout';
const MAX = 64 * 1024 * 1024;

/** Row `n` of a generated file: two advertisers, dates over a month, figures from n. */
const row = (n: number) =>
  `2026-01-${String((n % 28) + 1).padStart(2, '0')},${n % 2 ? 'Acme' : '"Béta, Inc."'},C${n % 5},search,US,mobile,${n},${n % 7},${n % 3},${(n % 100) + 0.25},1.00`;
const file = (rows: number, end = '\n') =>
  [HEADER, ...Array.from({ length: rows }, (_, n) => row(n))].join(end) + end;

/** `text` as bytes in chunks of `size`, so characters and CRLFs fall across chunk borders. */
const chunked = (text: string | Buffer, size = 7_919) => {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    chunks.push(bytes.subarray(start, start + size));
  }
  return Readable.from(chunks);
};

let database: Database;
let ctx: AppContext;
beforeAll(async () => {
  database = await createTestDatabase();
  ctx = createTestContext(database);
});
afterAll(async () => {
  await database.close();
});

async function startJob(fileName = 'report.csv') {
  const account = await createAccount(database.db);
  const job = { accountId: account.id, fileName };
  const id = await createImportJob(
    database.db,
    { ...job, userId: null, bytesTotal: null },
    ctx.now(),
  );
  return { ...job, id };
}

async function stateOf(job: { id: string; accountId: string }) {
  const [rows] = await database.db
    .select({ n: count() })
    .from(reportRows)
    .where(eq(reportRows.accountId, job.accountId));
  const [staged] = await database.db
    .select({ n: count() })
    .from(reportImportStaging)
    .where(eq(reportImportStaging.jobId, job.id));
  const [saved] = await database.db
    .select()
    .from(reportImportJobs)
    .where(eq(reportImportJobs.id, job.id));
  return { rows: rows!.n, staged: staged!.n, job: saved! };
}

const run = (job: { id: string; accountId: string; fileName: string }, source: Readable) =>
  runImportJob(ctx, 'system', job, source, { maxBytes: MAX });

const problemsOf = (end: ImportEnd) =>
  end.outcome === 'refused'
    ? end.problems.map((problem) => {
        const { line, field, message } = wordProblem(problem, 'en');
        return `${line} ${field}: ${message}`;
      })
    : [];

describe('runImportJob', () => {
  it('streams a file of several batches into the reports, whole, with its rollups', async () => {
    const job = await startJob();
    const end = await run(job, chunked(file(25_003, '\r\n')));
    expect(end).toMatchObject({ outcome: 'done', rows: 25_003 });
    const after = await stateOf(job);
    expect(after).toMatchObject({ rows: 25_003, staged: 0 });
    expect(after.job).toMatchObject({ status: 'done', rowsChecked: 25_003, rowsWritten: 25_003 });
    expect(after.job.importId).toBe(end.outcome === 'done' ? end.importId : null);
    // The quoted advertiser came through with its comma and accent.
    const [daily] = await database.db
      .select({ impressions: sql<string>`sum(${reportDaily.impressions})` })
      .from(reportDaily)
      .where(eq(reportDaily.accountId, job.accountId));
    expect(Number(daily!.impressions)).toBe((25_002 * 25_003) / 2);
    const [beta] = await database.db
      .select({ n: count() })
      .from(reportRows)
      .where(eq(reportRows.advertiser, 'Béta, Inc.'));
    expect(beta!.n).toBeGreaterThanOrEqual(12_501);
  });

  it('keeps nothing of a file whose last line is bad, after batches were staged', async () => {
    const job = await startJob();
    const text = `${file(21_000)}2026-02-30,Acme,C1,search,US,mobile,1,1,1,1.00,1.00\n`;
    const end = await run(job, chunked(text));
    expect(problemsOf(end)).toEqual(['21002 date: is not a calendar date']);
    const after = await stateOf(job);
    expect(after).toMatchObject({ rows: 0, staged: 0 });
    expect(after.job).toMatchObject({ status: 'refused', problemCount: 1, rowsWritten: 0 });
  });

  it(`lists the first ${REPORT_IMPORT_MAX_PROBLEMS} problems and counts them all`, async () => {
    const job = await startJob();
    const bad = Array.from({ length: 1_500 }, () => 'x,Acme,C,search,US,mobile,1,1,1,1.00,1.00');
    const end = await run(job, chunked([HEADER, ...bad].join('\n')));
    expect(end).toMatchObject({ outcome: 'refused', problemCount: 1_500 });
    const listed = problemsOf(end);
    expect(listed).toHaveLength(REPORT_IMPORT_MAX_PROBLEMS);
    expect(listed.at(-1)).toBe('1001 date: must be a date as YYYY-MM-DD');
    expect((await stateOf(job)).job.problems).toHaveLength(REPORT_IMPORT_MAX_PROBLEMS);
  });

  it('names the line of the first bytes that are not UTF-8, across chunk borders', async () => {
    const job = await startJob();
    const good = Buffer.from(file(3_000, '\r\n'));
    const latin1 = Buffer.from('2026-01-02,Café,C,search,US,mobile,1,1,1,1.00,1.00\r\n', 'latin1');
    const end = await run(job, chunked(Buffer.concat([good, latin1]), 4_093));
    expect(end).toMatchObject({ outcome: 'refused', problemCount: 1 });
    expect(problemsOf(end)[0]).toMatch(/^3002 row: is not UTF-8 text/);
    expect(await stateOf(job)).toMatchObject({ rows: 0, staged: 0 });
  });

  it('says where a quote was left open, and that a file or its rows are missing', async () => {
    const open = await startJob();
    const text = `${HEADER}\n"a\r\nb",x,C,search,US,mobile,1,1,1,1.00,1.00\n2026-01-01,"Acme,C,search\n`;
    expect(problemsOf(await run(open, chunked(text)))).toEqual([
      expect.stringMatching(/^4 row: cannot be read: a quote is open or misplaced/),
    ]);
    expect(problemsOf(await run(await startJob(), chunked('')))).toEqual([
      '1 header: the file is empty',
    ]);
    expect(problemsOf(await run(await startJob(), chunked(`${HEADER}\r\n\r\n`)))).toEqual([
      '2 row: the file has no rows under its header',
    ]);
  });

  it('stops at a wrong header without reading the rest of the file', async () => {
    const job = await startJob();
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(pulled === 1 ? 'date,advertiser\n' : `${'x,y\n'.repeat(1_000)}`);
      },
    });
    const end = await run(job, endless);
    expect(problemsOf(end)[0]).toMatch(/^1 header: must be exactly date,advertiser,/);
    expect(pulled).toBeLessThan(100);
    endless.destroy();
  });

  it('refuses a file past the limit as it streams, keeping none of it', async () => {
    const job = await startJob();
    const source = chunked(file(20_000));
    await expect(
      runImportJob(ctx, 'system', job, source, { maxBytes: 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await stateOf(job)).toMatchObject({ rows: 0, staged: 0, job: { status: 'failed' } });
  });

  it('stops when cancelled mid-file and clears what it staged', async () => {
    const job = await startJob();
    let sent = 0;
    // A slow upload: a batch's worth of rows, then a trickle that never ends on its own.
    const source = new Readable({
      read() {
        sent += 1;
        const rows = Array.from({ length: sent === 1 ? 10_001 : 10 }, (_, n) => row(n));
        const text = `${sent === 1 ? `${HEADER}\n` : ''}${rows.join('\n')}\n`;
        setTimeout(() => this.push(text), sent === 1 ? 0 : 20);
      },
    });
    const running = run(job, source);
    await expect
      .poll(async () => (await stateOf(job)).staged, { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await cancelImportJob(database.db, job.id, ctx.now())).toBe(true);
    await expect(running).resolves.toEqual({ outcome: 'cancelled' });
    expect(await stateOf(job)).toMatchObject({ rows: 0, staged: 0, job: { status: 'cancelled' } });
    expect(source.destroyed).toBe(false);
    source.destroy();
  });

  it('ends as cancelled when the uploader goes away', async () => {
    const job = await startJob();
    const source = new Readable({ read() {} });
    source.push(file(12_000));
    const running = run(job, source);
    await expect
      .poll(async () => (await stateOf(job)).staged, { timeout: 10_000 })
      .toBeGreaterThan(0);
    source.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    await expect(running).resolves.toEqual({ outcome: 'cancelled' });
    expect(await stateOf(job)).toMatchObject({ rows: 0, staged: 0, job: { status: 'cancelled' } });
  });

  it('answers at once for a large file and writes it in the background', async () => {
    const job = await startJob();
    const end = await runImportJob(ctx, 'system', job, chunked(file(500)), {
      maxBytes: MAX,
      background: true,
    });
    expect(end).toEqual({ outcome: 'accepted', rows: 500, jobId: job.id });
    await expect.poll(async () => (await stateOf(job)).job.status).toBe('done');
    expect(await stateOf(job)).toMatchObject({ rows: 500, staged: 0 });
  });
});

describe('sweepImportJobs', () => {
  it('fails jobs whose importer stopped, clears their rows, and forgets old finished jobs', async () => {
    // The sweep's clock stands in 2020, so on a database other test files share (PostgreSQL)
    // only this test's jobs, dated before it, are old enough to be touched.
    const now = new Date('2020-01-01T00:00:00Z');
    const sweepCtx = createTestContext(database, () => now);
    const stale = await startJob();
    const live = await startJob();
    const old = await startJob();
    const set = (id: string, values: Partial<typeof reportImportJobs.$inferInsert>) =>
      database.db.update(reportImportJobs).set(values).where(eq(reportImportJobs.id, id));
    await set(stale.id, {
      status: 'receiving',
      updatedAt: new Date(now.getTime() - IMPORT_JOB_STALE_MS - 1_000),
    });
    await set(live.id, { status: 'receiving', updatedAt: new Date(now.getTime() - 1_000) });
    await set(old.id, { status: 'done', updatedAt: new Date(now.getTime() - 8 * 24 * 3_600_000) });
    const staged = (jobId: string) =>
      `${jobId},2026-01-01,Acme,C,search,US,mobile,1,1,1,1.00,1.00\n`;
    await database.copyCsv(
      'report_import_staging',
      ['job_id', ...REPORT_COLUMNS],
      staged(stale.id) + staged(live.id),
    );
    expect(await sweepImportJobs(sweepCtx)).toBe(1);
    expect(await stateOf(stale)).toMatchObject({ staged: 0, job: { status: 'failed' } });
    expect(await stateOf(live)).toMatchObject({ staged: 1, job: { status: 'receiving' } });
    const [gone] = await database.db
      .select({ n: count() })
      .from(reportImportJobs)
      .where(eq(reportImportJobs.id, old.id));
    expect(gone!.n).toBe(0);
    // At an embedded database's boot every unfinished job is dead, however recent.
    expect(await sweepImportJobs(sweepCtx, { everyJobIsDead: true })).toBe(1);
    expect(await stateOf(live)).toMatchObject({ staged: 0, job: { status: 'failed' } });
  });
});
