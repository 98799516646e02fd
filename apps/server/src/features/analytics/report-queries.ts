import { and, asc, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  BreakdownQuery,
  BreakdownResponse,
  KpisResponse,
  MetricTotals,
  ReportFilters,
  ReportQuery,
  ReportRecord,
  ReportDimension,
  ReportRange,
  TrendResponse,
} from '@partner-portal/shared/report-data';
import { activeFilters, daysBetween } from '@partner-portal/shared/report-data';
import type { Db } from '../../db/client';
import { reportDaily, reportRows } from '../../db/schema/index';

/**
 * Whose rows a query reads: an account, and for an advertiser only their advertiser's rows. An
 * embed session carries it in its token; the reports API reads it from the caller's membership.
 */
export interface ReportScope {
  partner_id: string;
  advertiser_name?: string | undefined;
}

/** The daily roll-up answers everything it has the columns for; the rest reads the raw rows. */
type Source = typeof reportRows | typeof reportDaily;

// Sums come back from PostgreSQL as numeric text; float8 keeps them numbers (cents survive).
function totals(table: Source) {
  return {
    impressions: sql<number>`coalesce(sum(${table.impressions}), 0)::float8`,
    clicks: sql<number>`coalesce(sum(${table.clicks}), 0)::float8`,
    conversions: sql<number>`coalesce(sum(${table.conversions}), 0)::float8`,
    revenue: sql<number>`coalesce(sum(${table.revenue}), 0)::float8`,
    payout: sql<number>`coalesce(sum(${table.payout}), 0)::float8`,
  };
}

/** Dimensions only the raw rows have: the daily roll-up is summed over them. */
const RAW_ONLY: readonly ReportDimension[] = ['channel', 'country', 'device'];

function dimensionColumn(table: Source, dimension: ReportDimension): AnyPgColumn {
  if (table === reportRows) return reportRows[dimension];
  if (dimension === 'advertiser' || dimension === 'campaign') return reportDaily[dimension];
  throw new Error(`the daily roll-up has no ${dimension} column`);
}

/**
 * The daily roll-up answers every query it has the columns for; grouping or filtering on a
 * dimension it sums over reads the raw rows.
 */
function sourceFor(filters: ReportFilters, dimension?: ReportDimension): Source {
  const needsRaw =
    (dimension !== undefined && RAW_ONLY.includes(dimension)) ||
    RAW_ONLY.some((raw) => filters[raw] !== undefined);
  return needsRaw ? reportRows : reportDaily;
}

/**
 * Row-level security of the built-in provider: every query is bounded by the scope of the embed
 * session (the account, and the advertiser for advertisers), never by request parameters. The
 * range and filters only narrow what that bound lets through.
 */
function scoped(
  table: Source,
  scope: ReportScope,
  query: Partial<ReportRange> & ReportFilters = {},
): SQL {
  const conditions = [eq(table.accountId, scope.partner_id)];
  if (scope.advertiser_name !== undefined) {
    conditions.push(eq(table.advertiser, scope.advertiser_name));
  }
  if (query.from !== undefined && query.to !== undefined) {
    conditions.push(between(table.date, query.from, query.to));
  }
  for (const [dimension, value] of activeFilters(query)) {
    conditions.push(eq(dimensionColumn(table, dimension), value));
  }
  return and(...conditions) as SQL;
}

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same number of days just before the range, for period-over-period change. */
function previousRange(range: ReportRange): ReportRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: shiftDays(range.from, -length), to: shiftDays(range.from, -1) };
}

async function sumOver(db: Db, scope: ReportScope, query: ReportQuery): Promise<MetricTotals> {
  const table = sourceFor(query);
  const [row] = await db
    .select(totals(table))
    .from(table)
    .where(scoped(table, scope, query));
  return row ?? { impressions: 0, clicks: 0, conversions: 0, revenue: 0, payout: 0 };
}

export async function kpis(db: Db, scope: ReportScope, query: ReportQuery): Promise<KpisResponse> {
  const previous = previousRange(query);
  const [current, before] = await Promise.all([
    sumOver(db, scope, query),
    sumOver(db, scope, { ...query, ...previous }),
  ]);
  return { current, previous: before, previous_range: previous };
}

export async function trend(
  db: Db,
  scope: ReportScope,
  query: ReportQuery,
): Promise<TrendResponse> {
  const table = sourceFor(query);
  return db
    .select({ date: table.date, ...totals(table) })
    .from(table)
    .where(scoped(table, scope, query))
    .groupBy(table.date)
    .orderBy(asc(table.date));
}

export async function breakdown(
  db: Db,
  scope: ReportScope,
  query: BreakdownQuery,
  options: { paginate: boolean } = { paginate: true },
): Promise<BreakdownResponse> {
  const table = sourceFor(query, query.dimension);
  const column = dimensionColumn(table, query.dimension);
  const sums = totals(table);
  const sortBy = query.sort === 'key' ? column : sums[query.sort];
  const order = query.dir === 'asc' ? asc(sortBy) : desc(sortBy);
  const base = db
    .select({ key: column, ...sums, total: sql<number>`count(*) over ()::int` })
    .from(table)
    .where(scoped(table, scope, query))
    .groupBy(column)
    // The key breaks ties, so pages never repeat or skip a row.
    .orderBy(order, asc(column));
  const rows = options.paginate
    ? await base.limit(query.page_size).offset((query.page - 1) * query.page_size)
    : await base;
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: rows[0]?.total ?? (options.paginate ? await countKeys(db, scope, query) : 0),
    page: options.paginate ? query.page : 1,
    page_size: options.paginate ? query.page_size : rows.length,
  };
}

/** The number of groups when the requested page is past the end (and so carries no count). */
async function countKeys(db: Db, scope: ReportScope, query: BreakdownQuery): Promise<number> {
  const table = sourceFor(query, query.dimension);
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${dimensionColumn(table, query.dimension)})::int` })
    .from(table)
    .where(scoped(table, scope, query));
  return row?.count ?? 0;
}

/** First and last day with data in scope; null when there is none. */
export async function dataRange(
  db: Db,
  scope: ReportScope,
): Promise<{ from: string; to: string } | null> {
  const [row] = await db
    .select({
      from: sql<string | null>`min(${reportDaily.date})::text`,
      to: sql<string | null>`max(${reportDaily.date})::text`,
    })
    .from(reportDaily)
    .where(scoped(reportDaily, scope));
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
}

/**
 * The scope's raw rows in the range, oldest first, at most `limit` (the digest's CSV): through
 * the same row-level bound as every other query.
 */
export async function rowsInRange(
  db: Db,
  scope: ReportScope,
  range: ReportRange,
  limit: number,
): Promise<ReportRecord[]> {
  return db
    .select({
      date: sql<string>`${reportRows.date}::text`,
      advertiser: reportRows.advertiser,
      campaign: reportRows.campaign,
      channel: reportRows.channel,
      country: reportRows.country,
      device: reportRows.device,
      impressions: sql<number>`${reportRows.impressions}::float8`,
      clicks: sql<number>`${reportRows.clicks}::float8`,
      conversions: sql<number>`${reportRows.conversions}::float8`,
      revenue: sql<number>`${reportRows.revenue}::float8`,
      payout: sql<number>`${reportRows.payout}::float8`,
    })
    .from(reportRows)
    .where(scoped(reportRows, scope, range))
    .orderBy(asc(reportRows.date), asc(reportRows.id))
    .limit(limit);
}
