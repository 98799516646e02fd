import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_METRICS } from './report-data';

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

/** About 100,000 rows: a year of a busy account's daily rows in one upload. */
export const REPORT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Problems an answer lists; the rest are counted (a wrong file can have one on every line). */
export const REPORT_IMPORT_MAX_PROBLEMS = 100;
/** The Import data screen's history: the latest uploads. */
export const REPORT_IMPORT_HISTORY_LENGTH = 20;
/** The upload's content type; the file's name travels in the query string. */
export const REPORT_IMPORT_CONTENT_TYPE = 'text/csv';

export const IMPORT_PROBLEM_CODES = [
  'not_utf8',
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

export const ImportFileNameQuerySchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
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
