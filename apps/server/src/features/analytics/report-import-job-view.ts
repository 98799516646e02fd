import { and, eq } from 'drizzle-orm';
import type { Locale } from '@partner-portal/shared/constants';
import type { ImportJob, ImportProblemCode } from '@partner-portal/shared/report-import';
import type { Db } from '../../db/client';
import { reportImportJobs } from '../../db/schema/index';
import { wordProblem } from './report-import.service';

/** Seconds left at the pace so far; only while the file is arriving and its size is known. */
function secondsLeft(
  job: { status: string; startedAt: Date | null; bytesRead: number; bytesTotal: number | null },
  now: Date,
): number | null {
  if (job.status !== 'receiving' || !job.startedAt || !job.bytesTotal || job.bytesRead <= 0) {
    return null;
  }
  const elapsed = (now.getTime() - job.startedAt.getTime()) / 1000;
  const left = Math.max(0, job.bytesTotal - job.bytesRead);
  return Math.round((elapsed / job.bytesRead) * left);
}

/** An account's upload as its status URL shows it, problems worded in `locale`; null if not its. */
export async function findImportJob(
  { db, now }: { db: Db; now: () => Date },
  accountId: string,
  jobId: string,
  locale: Locale,
  statusUrl: (jobId: string) => string,
): Promise<ImportJob | null> {
  const [job] = await db
    .select()
    .from(reportImportJobs)
    .where(and(eq(reportImportJobs.id, jobId), eq(reportImportJobs.accountId, accountId)));
  if (!job) return null;
  return {
    id: job.id,
    fileName: job.fileName,
    status: job.status,
    bytesTotal: job.bytesTotal,
    bytesRead: job.bytesRead,
    rowsChecked: job.rowsChecked,
    rowsWritten: job.rowsWritten,
    secondsLeft: secondsLeft(job, now()),
    problemCount: job.problemCount,
    problems: (job.problems ?? []).map((problem) =>
      wordProblem({ ...problem, code: problem.code as ImportProblemCode }, locale),
    ),
    importId: job.importId,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    statusUrl: statusUrl(job.id),
  };
}
