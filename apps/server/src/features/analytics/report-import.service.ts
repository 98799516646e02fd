import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@partner-portal/shared/constants';
import {
  compareHeader,
  REPORT_COLUMNS,
  REPORT_IMPORT_HISTORY_LENGTH,
  type ImportProblem,
  type ImportProblemCode,
  type ReportImport,
} from '@partner-portal/shared/report-import';
import {
  isStorableText,
  MAX_REPORT_DATE,
  MIN_REPORT_DATE,
} from '@partner-portal/shared/validation';
import type { Db } from '../../db/client';
import { reportImports, users } from '../../db/schema/index';
import { translate } from '../../lib/messages';
import type { CsvRecord, CsvSyntaxError } from '@partner-portal/shared/csv-parse';

const MAX_TEXT_LENGTH = 200;

// Each check's message is the problem's code; lib/messages.ts words it in the reader's language.
const text = z
  .string()
  .refine(isStorableText, 'text_broken' satisfies ImportProblemCode)
  .trim()
  .min(1, 'text_empty' satisfies ImportProblemCode)
  .max(MAX_TEXT_LENGTH, 'text_too_long' satisfies ImportProblemCode);
const count = z
  .string()
  .regex(/^\d{1,15}$/, 'not_whole_number' satisfies ImportProblemCode)
  .transform(Number);
const money = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'not_amount' satisfies ImportProblemCode);
const RowSchema = z.object({
  // Each check stops the rest: a date in the wrong form is one problem, not three.
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'not_date' satisfies ImportProblemCode, abort: true })
    .refine(
      (value) => {
        const time = Date.parse(`${value}T00:00:00Z`);
        return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
      },
      { message: 'not_calendar_date' satisfies ImportProblemCode, abort: true },
    )
    .refine(
      (value) => value >= MIN_REPORT_DATE && value <= MAX_REPORT_DATE,
      'date_out_of_range' satisfies ImportProblemCode,
    ),
  advertiser: text,
  campaign: text,
  channel: text,
  country: text,
  device: text,
  impressions: count,
  clicks: count,
  conversions: count,
  revenue: money,
  payout: money,
});
export type ImportRow = z.infer<typeof RowSchema>;

/** A problem before it is worded: the words depend on who reads it (a screen, the command). */
export interface RawProblem {
  line: number;
  field: string;
  code: ImportProblemCode;
  params?: Record<string, string | number>;
}

const PROBLEM_PARAMS: Partial<Record<ImportProblemCode, Record<string, string | number>>> = {
  text_too_long: { max: MAX_TEXT_LENGTH },
  date_out_of_range: { min: MIN_REPORT_DATE, max: MAX_REPORT_DATE },
};

/** The header's problem, or the columns in the file's order. */
export function checkHeader(fields: readonly string[]): { columns: string[] } | RawProblem {
  const columns = fields.map((name) => name.trim());
  const { missing, unknown } = compareHeader(columns);
  if (missing.length === 0 && unknown.length === 0 && columns.length === REPORT_COLUMNS.length) {
    return { columns };
  }
  return {
    line: 1,
    field: 'header',
    code: 'header',
    params: {
      expected: REPORT_COLUMNS.join(','),
      missing: missing.join(', '),
      unknown: unknown.join(', '),
    },
  };
}

/** One record checked against the header's columns: the row to store, or its problems. */
export function checkRecord(
  columns: readonly string[],
  record: CsvRecord,
): { row: ImportRow } | { problems: RawProblem[] } {
  if (record.fields.length !== columns.length) {
    const problem: RawProblem = {
      line: record.line,
      field: 'row',
      code: 'field_count',
      params: { found: record.fields.length, expected: columns.length },
    };
    return { problems: [problem] };
  }
  const raw: Record<string, string | undefined> = {};
  columns.forEach((name, index) => {
    raw[name] = record.fields[index];
  });
  const parsed = RowSchema.safeParse(raw);
  if (parsed.success) return { row: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => {
      const code = issue.message as ImportProblemCode;
      return {
        line: record.line,
        field: String(issue.path[0]),
        code,
        params: PROBLEM_PARAMS[code],
      };
    }),
  };
}

/** A file the CSV reader could not read on from, at the line it stopped on. */
export function syntaxProblem(error: CsvSyntaxError): RawProblem {
  return { line: error.line, field: 'row', code: 'csv_syntax' };
}

/** A problem in words, in `locale`. */
export function wordProblem(problem: RawProblem, locale: Locale): ImportProblem {
  const params = problem.params ?? {};
  let message = translate(locale, `import.problem.${problem.code}`, params);
  if (problem.code === 'header') {
    // The columns missing and those not expected, where there are any.
    if (params.missing)
      message += `; ${translate(locale, 'import.problem.header_missing', { columns: params.missing })}`;
    if (params.unknown)
      message += `; ${translate(locale, 'import.problem.header_unknown', { columns: params.unknown })}`;
  }
  return { line: problem.line, field: problem.field, code: problem.code, message };
}

/** The account's latest imports, newest first. */
export async function listReportImports(db: Db, accountId: string): Promise<ReportImport[]> {
  const entries = await db
    .select({
      id: reportImports.id,
      fileName: reportImports.fileName,
      rows: reportImports.rowCount,
      createdAt: reportImports.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(reportImports)
    .leftJoin(users, eq(users.id, reportImports.userId))
    .where(eq(reportImports.accountId, accountId))
    .orderBy(desc(reportImports.createdAt))
    .limit(REPORT_IMPORT_HISTORY_LENGTH);
  return entries.map(({ firstName, lastName, email, createdAt, ...entry }) => ({
    ...entry,
    createdAt: createdAt.toISOString(),
    by: email === null ? null : { firstName: firstName ?? '', lastName: lastName ?? '', email },
  }));
}
