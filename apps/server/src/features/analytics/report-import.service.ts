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
import { recordChange, type AuditBy, type AuditChange } from '../../lib/audit';
import { reportImports, reportRows, users } from '../../db/schema/index';
import { findOwnedAccount } from '../../lib/owned-account';
import { translate } from '../../lib/messages';
import { parseCsv } from '@partner-portal/shared/csv-parse';
import { decodeReportFile } from './report-file-text';

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
type ImportRow = z.infer<typeof RowSchema>;

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

/** Validates every line; any problem means nothing is imported (docs/analytics.md). */
export function validateReportCsv(csv: string): { rows: ImportRow[]; problems: RawProblem[] } {
  const records = parseCsv(csv);
  const [header, ...body] = records;
  if (!header) return { rows: [], problems: [{ line: 1, field: 'header', code: 'file_empty' }] };
  const columns = header.fields.map((name) => name.trim());
  const { missing, unknown } = compareHeader(columns);
  if (missing.length > 0 || unknown.length > 0 || columns.length !== REPORT_COLUMNS.length) {
    const problem: RawProblem = {
      line: 1,
      field: 'header',
      code: 'header',
      params: {
        expected: REPORT_COLUMNS.join(','),
        missing: missing.join(', '),
        unknown: unknown.join(', '),
      },
    };
    return { rows: [], problems: [problem] };
  }
  const rows: ImportRow[] = [];
  const problems: RawProblem[] = [];
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      problems.push({
        line: record.line,
        field: 'row',
        code: 'field_count',
        params: { found: record.fields.length, expected: columns.length },
      });
      continue;
    }
    const raw = Object.fromEntries(columns.map((name, index) => [name, record.fields[index]]));
    const parsed = RowSchema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        const code = issue.message as ImportProblemCode;
        problems.push({
          line: record.line,
          field: String(issue.path[0]),
          code,
          params: PROBLEM_PARAMS[code],
        });
      }
    }
  }
  if (body.length === 0) problems.push({ line: 2, field: 'row', code: 'no_rows' });
  return { rows, problems };
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

const INSERT_BATCH = 2_000;

/** The file's rows, or its problems: only a file that is UTF-8 text is read any further. */
function readReportFile(file: Uint8Array): { rows: ImportRow[]; problems: RawProblem[] } {
  const decoded = decodeReportFile(file);
  if ('text' in decoded) return validateReportCsv(decoded.text);
  return { rows: [], problems: [{ line: decoded.badLine, field: 'row', code: 'not_utf8' }] };
}

/**
 * Loads a whole file into an account, or nothing: the rows and the history entry in one
 * transaction, so a crash halfway leaves neither.
 */
export async function importReportFile(
  db: Db,
  by: AuditBy,
  target: { accountId: string; fileName: string; at: Date },
  file: Uint8Array,
): Promise<{ ok: true; rows: number; importId: string } | { ok: false; problems: RawProblem[] }> {
  const { rows, problems } = readReportFile(file);
  const audit = (tx: Db, change: Pick<AuditChange, 'outcome' | 'changes' | 'targetId'>) =>
    recordChange(tx, by, target.at, {
      ...change,
      action: 'report.imported',
      accountId: target.accountId,
      targetType: 'report',
    });
  if (problems.length > 0) {
    await audit(db, {
      outcome: 'failure',
      targetId: null,
      changes: { file: target.fileName, problems: problems.length },
    });
    return { ok: false, problems };
  }
  const importId = await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx
        .insert(reportRows)
        .values(
          rows
            .slice(start, start + INSERT_BATCH)
            .map((row) => ({ ...row, accountId: target.accountId })),
        );
    }
    const [entry] = await tx
      .insert(reportImports)
      .values({
        accountId: target.accountId,
        userId: by !== 'system' && 'actor' in by ? by.actor.userId : null,
        fileName: target.fileName,
        rowCount: rows.length,
      })
      .returning({ id: reportImports.id });
    await audit(tx, {
      targetId: entry!.id,
      changes: { file: target.fileName, rows: rows.length },
    });
    return entry!.id;
  });
  return { ok: true, rows: rows.length, importId };
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

/** The admin command: a file into the account its owner, named by e-mail, signs in to. */
export async function importReport(
  db: Db,
  ownerEmail: string,
  file: Uint8Array,
  fileName = 'admin import',
): Promise<{ ok: true; rows: number; account: string } | { ok: false; problems: RawProblem[] }> {
  const account = await findOwnedAccount(db, ownerEmail);
  if (!account) throw new Error(`${ownerEmail} owns no account`);
  const result = await importReportFile(
    db,
    'system',
    { accountId: account.id, fileName, at: new Date() },
    file,
  );
  return result.ok ? { ok: true, rows: result.rows, account: account.name } : result;
}
