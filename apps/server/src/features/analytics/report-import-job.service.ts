import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { createLineCounter, CSV_OPTIONS, toCsvSyntaxError } from '@partner-portal/shared/csv-parse';
import {
  REPORT_COLUMNS,
  REPORT_IMPORT_MAX_PROBLEMS,
  type ImportJobStatus,
} from '@partner-portal/shared/report-import';
import { toStorableText } from '@partner-portal/shared/validation';
import type { Db } from '../../db/client';
import { reportImportJobs, reportImports, reportImportStaging } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { recordChange, type AuditBy } from '../../lib/audit';
import { checkUtf8Lines, countBytes, NotUtf8Error } from './report-file-stream';
import {
  checkHeader,
  checkRecord,
  syntaxProblem,
  type ImportRow,
  type RawProblem,
} from './report-import.service';
import { queueWebhook } from '../../lib/webhook-queue';

/** Rows per COPY into the staging table: about 1 MB of text, a few hundred ms of work. */
const BATCH_ROWS = 10_000;
/** Rows checked between turns of the event loop, so other requests are answered meanwhile. */
const YIELD_EVERY_ROWS = 250;
/** How often a running import says it is alive (and learns it was cancelled). */
const HEARTBEAT_MS = 2_000;
/** A job not heard of for this long belonged to an instance that stopped (sweepImportJobs). */
export const IMPORT_JOB_STALE_MS = 2 * 60_000;
/** How long a finished job's state stays readable at its status URL. */
const FINISHED_JOB_KEPT_MS = 7 * 24 * 3_600_000;

const STAGING_COLUMNS = ['job_id', ...REPORT_COLUMNS] as const;

const ACTIVE: ImportJobStatus[] = ['waiting', 'receiving', 'writing'];

/** Why an import ended without rows: told to the caller, never a server error. */
export type ImportEnd =
  | { outcome: 'done'; rows: number; importId: string }
  // Checked and staged; being written in the background (a large file's 202).
  | { outcome: 'accepted'; rows: number; jobId: string }
  | { outcome: 'refused'; problems: RawProblem[]; problemCount: number }
  | { outcome: 'cancelled' };

class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled');
  }
}

/** A field as COPY's CSV reads it: quoted when it holds a comma, quote or line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function stagingLine(jobId: string, row: ImportRow): string {
  const fields = REPORT_COLUMNS.map((column) => {
    const value = row[column];
    return typeof value === 'string' ? csvField(value) : String(value);
  });
  return `${jobId},${fields.join(',')}`;
}

export interface NewImportJob {
  accountId: string;
  userId: string | null;
  fileName: string;
  bytesTotal: number | null;
}

export async function createImportJob(db: Db, job: NewImportJob, at: Date): Promise<string> {
  const [row] = await db
    .insert(reportImportJobs)
    .values({ ...job, createdAt: at, updatedAt: at })
    .returning({ id: reportImportJobs.id });
  return row!.id;
}

/**
 * Streams `source` into job `jobId`: every record is checked as it arrives, and while none is
 * bad the rows go into the staging table by COPY in batches, so the file is never held whole.
 * At the end a good file moves into report_rows in one transaction with its history entry and
 * audit row (the rollup trigger sums it into report_daily in the same statement); a bad one
 * leaves nothing and answers its first problems and their count. Cancelling the job (or the
 * client going away) stops it within a heartbeat and clears what it staged.
 */
export async function runImportJob(
  ctx: AppContext,
  by: AuditBy,
  job: { id: string; accountId: string; fileName: string },
  source: Readable,
  options: {
    maxBytes: number;
    background?: boolean;
    /** Called with each progress report (the admin command's bar). */
    onProgress?: (progress: { bytes: number; checked: number; written: number }) => void;
  },
): Promise<ImportEnd> {
  const { maxBytes } = options;
  const { db } = ctx;
  const started = ctx.now();
  const [claimed] = await db
    .update(reportImportJobs)
    .set({ status: 'receiving', startedAt: started, updatedAt: started })
    .where(and(eq(reportImportJobs.id, job.id), eq(reportImportJobs.status, 'waiting')))
    .returning({ id: reportImportJobs.id });
  if (!claimed) {
    source.resume();
    return { outcome: 'cancelled' };
  }

  // The pipeline reads a stream of its own: ending it early (a wrong header, a file too large)
  // must not destroy the request, whose socket still has an answer to carry.
  const input = new PassThrough();
  source.pipe(input);
  source.on('error', (error) => input.destroy(error));
  source.on('close', () => {
    if (!source.readableEnded)
      input.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  });

  const state = { bytes: 0, checked: 0, written: 0, problemCount: 0 };
  const problems: RawProblem[] = [];
  const addProblems = (found: RawProblem[]) => {
    state.problemCount += found.length;
    for (const problem of found) {
      if (problems.length < REPORT_IMPORT_MAX_PROBLEMS) problems.push(problem);
    }
  };
  let cancelled = false;
  // Progress, and the cancel check: the job's row answers whether it is still wanted.
  const report = async () => {
    const [row] = await db
      .update(reportImportJobs)
      .set({
        bytesRead: state.bytes,
        rowsChecked: state.checked,
        rowsWritten: state.written,
        problemCount: state.problemCount,
        updatedAt: ctx.now(),
      })
      .where(eq(reportImportJobs.id, job.id))
      .returning({ status: reportImportJobs.status });
    if (row?.status === 'cancelled') cancelled = true;
    options.onProgress?.(state);
  };
  let reporting: Promise<void> | null = null;
  const heartbeat = setInterval(() => {
    reporting ??= report()
      .catch((error: unknown) => ctx.log.warn({ err: error, job: job.id }, 'import progress'))
      .finally(() => {
        reporting = null;
        if (cancelled) input.destroy(new ImportCancelled());
      });
  }, HEARTBEAT_MS);

  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    await ctx.copyCsv('report_import_staging', STAGING_COLUMNS, `${lines.join('\n')}\n`);
    state.written += lines.length;
    await report();
    if (cancelled) throw new ImportCancelled();
  };

  let sawHeader = false;
  // Set when the reading stops on purpose: the streams it leaves are torn down, not failed.
  let stoppedEarly = false;
  const lines = createLineCounter();
  const startLines: number[] = [];
  try {
    await pipeline(
      input,
      countBytes(maxBytes, (total) => {
        state.bytes = total;
      }),
      checkUtf8Lines(),
      // Lines are counted as the parser reads, in order, so an error finds the count current;
      // the records wait in the stream's buffer, their lines in `startLines`.
      parse({
        ...CSV_OPTIONS,
        on_record: (record, context) => {
          startLines.push(lines.startOf(record, context.lines));
          return record;
        },
      }),
      async (records: AsyncIterable<string[]>) => {
        let columns: string[] | null = null;
        for await (const record of records) {
          const line = startLines.shift() ?? 0;
          if (!columns) {
            sawHeader = true;
            const header = checkHeader(record);
            // A wrong header makes every line wrong: say so once and read no further.
            if (!('columns' in header)) {
              addProblems([header]);
              stoppedEarly = true;
              return;
            }
            columns = header.columns;
            continue;
          }
          state.checked += 1;
          // Records already parsed arrive as microtasks, which let no request in between: a
          // 64 KiB chunk's 700 rows would be one long task. A macrotask turn now and then does.
          if (state.checked % YIELD_EVERY_ROWS === 0) await new Promise(setImmediate);
          const result = checkRecord(columns, { line, fields: record });
          if ('problems' in result) {
            // Nothing of a refused file is kept: stop staging, keep checking for the list.
            addProblems(result.problems);
            batch = [];
          } else if (state.problemCount === 0) {
            batch.push(stagingLine(job.id, result.row));
            if (batch.length >= BATCH_ROWS) await flush();
          }
        }
        if (state.problemCount === 0) await flush();
      },
    );
  } catch (error) {
    const syntax = toCsvSyntaxError(error, lines);
    if (stoppedEarly) {
      // The header's problem is already listed.
    } else if (error instanceof NotUtf8Error) {
      addProblems([{ line: error.line, field: 'row', code: 'not_utf8' }]);
    } else if (syntax) {
      addProblems([syntaxProblem(syntax)]);
    } else {
      clearInterval(heartbeat);
      await reporting;
      const gone = cancelled || error instanceof ImportCancelled || isClientGone(error);
      await finishJob(db, job.id, gone ? 'cancelled' : 'failed', ctx.now(), state);
      if (gone) return { outcome: 'cancelled' };
      throw error;
    }
  } finally {
    clearInterval(heartbeat);
    source.unpipe(input);
  }
  await reporting;

  if (state.problemCount === 0 && !sawHeader) {
    addProblems([{ line: 1, field: 'header', code: 'file_empty' }]);
  } else if (state.problemCount === 0 && state.checked === 0) {
    addProblems([{ line: 2, field: 'row', code: 'no_rows' }]);
  }
  if (state.problemCount > 0) {
    await finishJob(db, job.id, 'refused', ctx.now(), state, problems);
    await recordChange(db, by, ctx.now(), {
      action: 'report.imported',
      outcome: 'failure',
      accountId: job.accountId,
      targetType: 'report',
      targetId: null,
      changes: { file: job.fileName, problems: state.problemCount },
    });
    return { outcome: 'refused', problems, problemCount: state.problemCount };
  }
  if (!options.background) return writeStagedRows(ctx, by, job, state);
  const rows = state.written;
  void writeStagedRows(ctx, by, job, state).catch((error: unknown) =>
    ctx.log.error({ err: error, job: job.id }, 'writing an imported file failed'),
  );
  return { outcome: 'accepted', rows, jobId: job.id };
}

/** The checked file into the reports, whole, in one transaction (or nothing if cancelled). */
async function writeStagedRows(
  ctx: AppContext,
  by: AuditBy,
  job: { id: string; accountId: string; fileName: string },
  state: { bytes: number; checked: number; written: number; problemCount: number },
): Promise<ImportEnd> {
  const { db } = ctx;
  const [writing] = await db
    .update(reportImportJobs)
    .set({
      status: 'writing',
      rowsWritten: state.written,
      bytesRead: state.bytes,
      updatedAt: ctx.now(),
    })
    .where(and(eq(reportImportJobs.id, job.id), eq(reportImportJobs.status, 'receiving')))
    .returning({ id: reportImportJobs.id });
  if (!writing) {
    await finishJob(db, job.id, 'cancelled', ctx.now(), state);
    return { outcome: 'cancelled' };
  }
  try {
    const importId = await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO report_rows (account_id, date, advertiser, campaign, channel, country, device,
          impressions, clicks, conversions, revenue, payout)
        SELECT ${job.accountId}::uuid, date, advertiser, campaign, channel, country, device,
          impressions, clicks, conversions, revenue, payout
        FROM report_import_staging WHERE job_id = ${job.id}`);
      const [entry] = await tx
        .insert(reportImports)
        .values({
          accountId: job.accountId,
          userId: by !== 'system' && 'actor' in by ? by.actor.userId : null,
          fileName: job.fileName,
          rowCount: state.written,
        })
        .returning({ id: reportImports.id });
      await recordChange(tx, by, ctx.now(), {
        action: 'report.imported',
        accountId: job.accountId,
        targetType: 'report',
        targetId: entry!.id,
        changes: { file: job.fileName, rows: state.written },
      });
      await queueWebhook(tx, ctx.now(), job.accountId, 'report.imported', {
        account_id: job.accountId,
        import_id: entry!.id,
        file_name: job.fileName,
        rows: state.written,
      });
      await tx
        .update(reportImportJobs)
        .set({ status: 'done', importId: entry!.id, finishedAt: ctx.now(), updatedAt: ctx.now() })
        .where(eq(reportImportJobs.id, job.id));
      await tx.delete(reportImportStaging).where(eq(reportImportStaging.jobId, job.id));
      return entry!.id;
    });
    // New data: the account's metric alerts read it now (docs/product.md#metric-alerts); each
    // alert's failure is logged and kept from the import's answer.
    await ctx.reportImported(ctx, job.accountId);
    return { outcome: 'done', rows: state.written, importId };
  } catch (error) {
    await finishJob(db, job.id, 'failed', ctx.now(), state);
    throw error;
  }
}

/** The request's socket closed under the upload: the person left or cancelled. */
function isClientGone(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED';
}

/**
 * A problem as jsonb can hold it: a header's unknown column names are the file's own text, and
 * PostgreSQL refuses NUL and lone surrogates in JSON strings.
 */
function storable(problem: RawProblem): RawProblem {
  if (!problem.params) return problem;
  const params = Object.fromEntries(
    Object.entries(problem.params).map(([key, value]) => [
      key,
      typeof value === 'string' ? toStorableText(value) : value,
    ]),
  );
  return { ...problem, params };
}

/** Ends a job that did not import, clearing what it staged; a finished job is left as it is. */
async function finishJob(
  db: Db,
  jobId: string,
  status: 'refused' | 'cancelled' | 'failed',
  at: Date,
  state: { bytes: number; checked: number; written: number; problemCount: number },
  problems: RawProblem[] | null = null,
): Promise<void> {
  // One transaction: a finished job never has rows staged (an invariant the crash trials check).
  await db.transaction(async (tx) => {
    await tx
      .update(reportImportJobs)
      .set({
        status,
        bytesRead: state.bytes,
        rowsChecked: state.checked,
        rowsWritten: status === 'refused' ? 0 : state.written,
        problemCount: state.problemCount,
        problems: problems?.map(storable) ?? null,
        finishedAt: at,
        updatedAt: at,
      })
      .where(and(eq(reportImportJobs.id, jobId), inArray(reportImportJobs.status, ACTIVE)));
    await tx.delete(reportImportStaging).where(eq(reportImportStaging.jobId, jobId));
  });
}

/**
 * Stops an import that is still waiting for or receiving its file; the importer sees it within
 * a heartbeat and clears its rows. Answers false when it had already moved on (written, done).
 */
export async function cancelImportJob(db: Db, jobId: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reportImportJobs)
      .set({ status: 'cancelled', finishedAt: at, updatedAt: at })
      .where(
        and(
          eq(reportImportJobs.id, jobId),
          inArray(reportImportJobs.status, ['waiting', 'receiving']),
        ),
      )
      .returning({ id: reportImportJobs.id });
    if (!row) return false;
    // Rows a batch is copying now land after this; the importer clears them when it stops.
    await tx.delete(reportImportStaging).where(eq(reportImportStaging.jobId, jobId));
    return true;
  });
}

/**
 * Jobs whose importer stopped (its instance died mid-file) are marked failed and their staged
 * rows deleted; nothing of them reached the reports, which only the final transaction writes.
 * `everyJobIsDead` is for the embedded database at boot: one process owns it, so any job still
 * running then was this process's before it stopped. `clearOrphans` (at boot) also deletes rows
 * left under a job no longer running: a batch an importer was copying as its job was cancelled,
 * when the importer died before it cleared them. Finished jobs are dropped after a week.
 */
export async function sweepImportJobs(
  ctx: AppContext,
  options: { everyJobIsDead?: boolean; clearOrphans?: boolean } = {},
): Promise<number> {
  const now = ctx.now();
  const staleBefore = options.everyJobIsDead ? now : new Date(now.getTime() - IMPORT_JOB_STALE_MS);
  const dead = await ctx.db.transaction(async (tx) => {
    const jobs = await tx
      .update(reportImportJobs)
      .set({ status: 'failed', finishedAt: now, updatedAt: now })
      .where(
        and(inArray(reportImportJobs.status, ACTIVE), lt(reportImportJobs.updatedAt, staleBefore)),
      )
      .returning({ id: reportImportJobs.id });
    if (jobs.length > 0) {
      await tx.delete(reportImportStaging).where(
        inArray(
          reportImportStaging.jobId,
          jobs.map((job) => job.id),
        ),
      );
    }
    if (options.clearOrphans) {
      await tx.execute(sql`
        DELETE FROM report_import_staging WHERE job_id NOT IN (
          SELECT id FROM report_import_jobs WHERE status IN ('waiting', 'receiving', 'writing'))`);
    }
    return jobs;
  });
  await ctx.db
    .delete(reportImportJobs)
    .where(
      and(
        inArray(reportImportJobs.status, ['done', 'refused', 'cancelled', 'failed']),
        lt(reportImportJobs.updatedAt, new Date(now.getTime() - FINISHED_JOB_KEPT_MS)),
      ),
    );
  return dead.length;
}
