import { and, asc, between, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
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
import {
  reportAdvertiserDaily,
  reportCampaignMonthly,
  reportDaily,
  reportRows,
} from '../../db/schema/index';

/**
 * Whose rows a query reads: an account, and for an advertiser only their advertiser's rows. An
 * embed session carries it in its token; the reports API reads it from the caller's membership.
 */
export interface ReportScope {
  partner_id: string;
  advertiser_name?: string | undefined;
}

/**
 * Where a query's rows come from: the smallest table that has the columns it groups and filters
 * on (docs/scaling.md). The roll-ups are kept by the trigger on report_rows, in the import's own
 * transaction, so every source gives the same sums.
 */
interface Source {
  table:
    | typeof reportRows
    | typeof reportDaily
    | typeof reportAdvertiserDaily
    | typeof reportCampaignMonthly;
  /** The day each row is for (the month's first day in the monthly roll-up). */
  date: AnyPgColumn;
  /** The table's column for each dimension it can group or filter on. */
  columns: Partial<Record<ReportDimension, AnyPgColumn>>;
}

const RAW: Source = { table: reportRows, date: reportRows.date, columns: reportRows };
const DAILY: Source = {
  table: reportDaily,
  date: reportDaily.date,
  columns: { advertiser: reportDaily.advertiser, campaign: reportDaily.campaign },
};
const ADVERTISER_DAILY: Source = {
  table: reportAdvertiserDaily,
  date: reportAdvertiserDaily.date,
  columns: { advertiser: reportAdvertiserDaily.advertiser },
};
/** Read only for whole months, beside DAILY for the days at either end (byCampaignSpans). */
const CAMPAIGN_MONTHLY: Source = {
  table: reportCampaignMonthly,
  date: reportCampaignMonthly.month,
  columns: {
    advertiser: reportCampaignMonthly.advertiser,
    campaign: reportCampaignMonthly.campaign,
  },
};

function sourceFor(filters: ReportFilters, dimension?: ReportDimension): Source {
  const used = activeFilters(filters).map(([filtered]) => filtered);
  if (dimension !== undefined) used.push(dimension);
  const smallestFirst = [ADVERTISER_DAILY, DAILY];
  const rolledUp = smallestFirst.find((source) =>
    used.every((column) => source.columns[column] !== undefined),
  );
  return rolledUp ?? RAW;
}

type Metrics = Record<keyof MetricTotals, AnyPgColumn>;

// Sums come back from PostgreSQL as numeric text; float8 keeps them numbers (cents survive).
function totals(table: Metrics) {
  return {
    impressions: sql<number>`coalesce(sum(${table.impressions}), 0)::float8`,
    clicks: sql<number>`coalesce(sum(${table.clicks}), 0)::float8`,
    conversions: sql<number>`coalesce(sum(${table.conversions}), 0)::float8`,
    revenue: sql<number>`coalesce(sum(${table.revenue}), 0)::float8`,
    payout: sql<number>`coalesce(sum(${table.payout}), 0)::float8`,
  };
}

function dimensionColumn(source: Source, dimension: ReportDimension): AnyPgColumn {
  const column = source.columns[dimension];
  if (column === undefined)
    throw new Error(`${getTableName(source.table)} has no ${dimension} column`);
  return column;
}

/**
 * Row-level security of the built-in provider: every query is bounded by the scope of the embed
 * session (the account, and the advertiser for advertisers), never by request parameters. The
 * range and filters only narrow what that bound lets through.
 */
function scoped(
  source: Source,
  scope: ReportScope,
  query: Partial<ReportRange> & ReportFilters = {},
): SQL {
  const { table } = source;
  const conditions = [eq(table.accountId, scope.partner_id)];
  if (scope.advertiser_name !== undefined) {
    conditions.push(eq(table.advertiser, scope.advertiser_name));
  }
  if (query.from !== undefined && query.to !== undefined) {
    conditions.push(between(source.date, query.from, query.to));
  }
  for (const [dimension, value] of activeFilters(query)) {
    conditions.push(eq(dimensionColumn(source, dimension), value));
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
  const source = sourceFor(query);
  const [row] = await db
    .select(totals(source.table))
    .from(source.table)
    .where(scoped(source, scope, query));
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
  const source = sourceFor(query);
  const { date } = source;
  return db
    .select({ date: sql<string>`${date}::text`, ...totals(source.table) })
    .from(source.table)
    .where(scoped(source, scope, query))
    .groupBy(date)
    .orderBy(asc(date));
}

export async function breakdown(
  db: Db,
  scope: ReportScope,
  query: BreakdownQuery,
  options: { paginate: boolean } = { paginate: true },
): Promise<BreakdownResponse> {
  const { rows: from, column, where } = rowsToGroup(db, scope, query);
  const sums = totals(from);
  const sortBy = query.sort === 'key' ? column : sums[query.sort];
  const order = query.dir === 'asc' ? asc(sortBy) : desc(sortBy);
  const base = db
    .select({ key: sql<string>`${column}`, ...sums, total: sql<number>`count(*) over ()::int` })
    .from(from)
    .where(where)
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

/**
 * The rows a breakdown groups: its source's, or, where that is the campaign roll-up and the range
 * holds a whole month, the monthly roll-up for the whole months and the daily one for the days
 * at either end, as one subquery.
 */
function rowsToGroup(db: Db, scope: ReportScope, query: BreakdownQuery) {
  const source = sourceFor(query, query.dimension);
  const spans = source === DAILY ? monthSpans(query) : null;
  if (spans === null) {
    return {
      rows: source.table,
      column: dimensionColumn(source, query.dimension),
      where: scoped(source, scope, query),
    };
  }
  const part = (from: Source, range: ReportRange) =>
    db
      .select({
        advertiser: dimensionColumn(from, 'advertiser'),
        campaign: dimensionColumn(from, 'campaign'),
        impressions: from.table.impressions,
        clicks: from.table.clicks,
        conversions: from.table.conversions,
        revenue: from.table.revenue,
        payout: from.table.payout,
      })
      .from(from.table)
      .where(scoped(from, scope, { ...query, ...range }));
  const rows = unionAll(
    part(CAMPAIGN_MONTHLY, spans.months),
    part(DAILY, spans.before),
    part(DAILY, spans.after),
  ).as('spans');
  // The daily roll-up has only these two dimensions, so a breakdown that reached it groups one.
  return {
    rows,
    column: query.dimension === 'advertiser' ? rows.advertiser : rows.campaign,
    where: undefined,
  };
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

function firstOfNextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * The whole calendar months in a range (as their first days), and the days before and after
 * them; null when the range holds no whole month. A side with no days gets an empty range (its
 * end before its start), which reads nothing.
 */
export function monthSpans(
  range: ReportRange,
): { months: ReportRange; before: ReportRange; after: ReportRange } | null {
  const first = range.from === firstOfMonth(range.from) ? range.from : firstOfNextMonth(range.from);
  const afterLast = shiftDays(range.to, 1);
  const lastStart = shiftDays(firstOfMonth(afterLast), -1).slice(0, 7) + '-01';
  if (lastStart < first) return null;
  const end = shiftDays(firstOfNextMonth(lastStart), -1);
  return {
    months: { from: first, to: lastStart },
    before: { from: range.from, to: shiftDays(first, -1) },
    after: { from: shiftDays(end, 1), to: range.to },
  };
}

/** The number of groups when the requested page is past the end (and so carries no count). */
async function countKeys(db: Db, scope: ReportScope, query: BreakdownQuery): Promise<number> {
  const source = sourceFor(query, query.dimension);
  const [row] = await db
    .select({
      count: sql<number>`count(distinct ${dimensionColumn(source, query.dimension)})::int`,
    })
    .from(source.table)
    .where(scoped(source, scope, query));
  return row?.count ?? 0;
}

/** First and last day with data in scope; null when there is none. */
export async function dataRange(
  db: Db,
  scope: ReportScope,
): Promise<{ from: string; to: string } | null> {
  const [row] = await db
    .select({
      from: sql<string | null>`min(${reportAdvertiserDaily.date})::text`,
      to: sql<string | null>`max(${reportAdvertiserDaily.date})::text`,
    })
    .from(reportAdvertiserDaily)
    .where(scoped(ADVERTISER_DAILY, scope));
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
    .where(scoped(RAW, scope, range))
    .orderBy(asc(reportRows.date), asc(reportRows.id))
    .limit(limit);
}
