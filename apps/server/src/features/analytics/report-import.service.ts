import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_METRICS } from '@partner-portal/shared/report-data';
import {
  isStorableText,
  MAX_REPORT_DATE,
  MIN_REPORT_DATE,
} from '@partner-portal/shared/validation';
import type { Db } from '../../db/client';
import { accounts, accountUsers, reportRows, users } from '../../db/schema/index';
import { parseCsv } from './csv-parse';

/** The CSV header: the date, then the dimensions and metrics in the order the API names them. */
export const REPORT_COLUMNS = ['date', ...REPORT_DIMENSIONS, ...REPORT_METRICS] as const;

const text = z
  .string()
  .refine(isStorableText, 'holds a NUL or a broken character')
  .trim()
  .min(1, 'is empty')
  .max(200, 'is longer than 200 characters');
const count = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a whole number of at least 0')
  .transform(Number);
const money = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount of at least 0 with up to 2 decimals');
const RowSchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
    }, 'is not a calendar date')
    .refine(
      (value) => value >= MIN_REPORT_DATE && value <= MAX_REPORT_DATE,
      `must be between ${MIN_REPORT_DATE} and ${MAX_REPORT_DATE}`,
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

export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

/** Validates every line; any problem means nothing is imported (issue 5 "Local provider"). */
export function validateReportCsv(csv: string): { rows: ImportRow[]; problems: ImportProblem[] } {
  const records = parseCsv(csv);
  const [header, ...body] = records;
  if (!header)
    return { rows: [], problems: [{ line: 1, field: 'header', message: 'the file is empty' }] };
  const columns = header.fields.map((name) => name.trim());
  const missing = REPORT_COLUMNS.filter((name) => !columns.includes(name));
  const unknown = columns.filter((name) => !(REPORT_COLUMNS as readonly string[]).includes(name));
  if (missing.length > 0 || unknown.length > 0 || columns.length !== REPORT_COLUMNS.length) {
    return {
      rows: [],
      problems: [
        {
          line: 1,
          field: 'header',
          message: `must be exactly ${REPORT_COLUMNS.join(',')}${missing.length ? `; missing ${missing.join(', ')}` : ''}${unknown.length ? `; unknown ${unknown.join(', ')}` : ''}`,
        },
      ],
    };
  }
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      problems.push({
        line: record.line,
        field: 'row',
        message: `has ${record.fields.length} fields, expected ${columns.length}`,
      });
      continue;
    }
    const raw = Object.fromEntries(columns.map((name, index) => [name, record.fields[index]]));
    const parsed = RowSchema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        problems.push({ line: record.line, field: String(issue.path[0]), message: issue.message });
      }
    }
  }
  if (body.length === 0) problems.push({ line: 2, field: 'row', message: 'the file has no rows' });
  return { rows, problems };
}

/** The account an owner's import goes to: their default account if they own it, else the oldest. */
async function ownedAccount(db: Db, ownerEmail: string) {
  const owned = await db
    .select({ id: accounts.id, name: accounts.name, defaultAccountId: users.defaultAccountId })
    .from(users)
    .innerJoin(accountUsers, eq(accountUsers.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(
      and(
        eq(sql`lower(${users.email})`, ownerEmail.trim().toLowerCase()),
        eq(accountUsers.permission, 'owner'),
      ),
    )
    .orderBy(asc(accountUsers.createdAt));
  return owned.find((account) => account.id === account.defaultAccountId) ?? owned[0] ?? null;
}

const INSERT_BATCH = 2_000;

export async function importReport(
  db: Db,
  ownerEmail: string,
  csv: string,
): Promise<{ ok: true; rows: number; account: string } | { ok: false; problems: ImportProblem[] }> {
  const account = await ownedAccount(db, ownerEmail);
  if (!account) {
    return {
      ok: false,
      problems: [{ line: 0, field: 'owner', message: `${ownerEmail} owns no account` }],
    };
  }
  const { rows, problems } = validateReportCsv(csv);
  if (problems.length > 0) return { ok: false, problems };
  // All or nothing: one transaction for the whole file.
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx
        .insert(reportRows)
        .values(
          rows.slice(start, start + INSERT_BATCH).map((row) => ({ ...row, accountId: account.id })),
        );
    }
  });
  return { ok: true, rows: rows.length, account: account.name };
}
