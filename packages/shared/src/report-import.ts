import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_METRICS } from './report-data';
import { storableText } from './validation';

/**
 * Loading report rows from a CSV file (docs/analytics.md "Importing report data"): the owner's
 * and admins' Import data screen and the `admin import-report` command take the same file, and
 * a file with any bad line loads nothing.
 */

/** The header row, in this order: the date, the dimensions, then the metrics. */
export const REPORT_COLUMNS = ['date', ...REPORT_DIMENSIONS, ...REPORT_METRICS] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** How a file's header row differs from REPORT_COLUMNS: the columns it lacks, those it adds. */
export function compareHeader(columns: readonly string[]): {
  missing: string[];
  unknown: string[];
} {
  return {
    missing: REPORT_COLUMNS.filter((name) => !columns.includes(name)),
    unknown: columns.filter((name) => !(REPORT_COLUMNS as readonly string[]).includes(name)),
  };
}

/**
 * The largest file taken unless the server sets IMPORT_MAX_BYTES: about 2.8 million rows (a
 * row of the template is about 90 bytes). Files stream through the server, never held whole.
 */
export const REPORT_IMPORT_MAX_BYTES = 256 * 1024 * 1024;
/** Above this (about 180,000 rows), the API answers 202 once the file is in and checked. */
export const REPORT_IMPORT_ASYNC_BYTES = 16 * 1024 * 1024;
/** Problems an answer lists; the rest are counted (a wrong file can have one on every line). */
export const REPORT_IMPORT_MAX_PROBLEMS = 1_000;
/** The Import data screen's history: the latest uploads. */
export const REPORT_IMPORT_HISTORY_LENGTH = 20;
/** The upload's content type; the file's name travels in the query string. */
export const REPORT_IMPORT_CONTENT_TYPE = 'text/csv';

export const IMPORT_PROBLEM_CODES = [
  'not_utf8',
  'csv_syntax',
  'file_empty',
  'header',
  'no_rows',
  'field_count',
  'text_empty',
  'text_too_long',
  'text_broken',
  'not_whole_number',
  'not_amount',
  'not_date',
  'not_calendar_date',
  'date_out_of_range',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

/** One line at fault: `line` counts from 1 (the header), `field` is a column or `row`/`header`. */
export const ImportProblemSchema = z.object({
  line: z.number().int().min(0),
  field: z.string(),
  code: z.enum(IMPORT_PROBLEM_CODES),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** A file's name as stored with its upload: text a database can hold, 1–200 characters. */
const fileName = () => storableText().trim().min(1).max(200);

export const ImportFileNameQuerySchema = z.strictObject({
  name: fileName().optional(),
});

export const ReportImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  createdAt: z.string(),
  /** Who uploaded it; null for the admin command, or a member since removed. */
  by: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export type ReportImport = z.infer<typeof ReportImportSchema>;

export const ReportImportListSchema = z.array(ReportImportSchema);

/**
 * Where an upload is: `waiting` for its file, `receiving` it (each row checked and staged as it
 * arrives), `writing` the checked file into the reports, then `done`, `refused` (a bad line),
 * `cancelled`, or `failed` (the server stopped mid-way; nothing of it was kept).
 */
export const IMPORT_JOB_STATUSES = [
  'waiting',
  'receiving',
  'writing',
  'done',
  'refused',
  'cancelled',
  'failed',
] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
export const FINISHED_IMPORT_JOB_STATUSES: readonly ImportJobStatus[] = [
  'done',
  'refused',
  'cancelled',
  'failed',
];

/** Starting an upload the screen then sends with its own request (and can follow and cancel). */
export const CreateImportJobSchema = z.strictObject({
  name: fileName(),
  /** The file's size in bytes, so a file over the limit is refused before it is sent. */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type CreateImportJob = z.infer<typeof CreateImportJobSchema>;

export const ImportJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  bytesTotal: z.number().int().nullable(),
  bytesRead: z.number().int(),
  rowsChecked: z.number().int(),
  rowsWritten: z.number().int(),
  /** Seconds left at the pace so far, while it is receiving; null when not known. */
  secondsLeft: z.number().int().nullable(),
  problemCount: z.number().int(),
  /** The first REPORT_IMPORT_MAX_PROBLEMS problems, once refused. */
  problems: z.array(ImportProblemSchema),
  /** The report import it became, once done. */
  importId: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Where to follow it: GET for its state, DELETE to cancel it. */
  statusUrl: z.string(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;
