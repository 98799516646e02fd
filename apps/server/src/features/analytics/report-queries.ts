import { and, asc, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  BreakdownQuery,
  BreakdownResponse,
  KpisResponse,
  MetricTotals,
  ReportDimension,
  ReportRange,
  TrendResponse,
} from '@partner-portal/shared/report-data';
import { daysBetween } from '@partner-portal/shared/report-data';
import type { Db } from '../../db/client';
import { reportRows } from '../../db/schema/index';
import type { EmbedScope } from './local-embed-token';

// Sums come back from PostgreSQL as numeric text; float8 keeps them numbers (cents survive).
const totals = {
  impressions: sql<number>`coalesce(sum(${reportRows.impressions}), 0)::float8`,
  clicks: sql<number>`coalesce(sum(${reportRows.clicks}), 0)::float8`,
  conversions: sql<number>`coalesce(sum(${reportRows.conversions}), 0)::float8`,
  revenue: sql<number>`coalesce(sum(${reportRows.revenue}), 0)::float8`,
  payout: sql<number>`coalesce(sum(${reportRows.payout}), 0)::float8`,
};

const DIMENSION_COLUMNS = {
  advertiser: reportRows.advertiser,
  campaign: reportRows.campaign,
  channel: reportRows.channel,
  country: reportRows.country,
  device: reportRows.device,
} as const satisfies Record<ReportDimension, unknown>;

/**
 * Row-level security of the built-in provider: every query is bounded by the scope of the embed
 * session (the account, and the advertiser for advertisers), never by request parameters.
 */
function scoped(scope: EmbedScope, range?: ReportRange): SQL {
  const conditions = [eq(reportRows.accountId, scope.partner_id)];
  if (scope.advertiser_name !== undefined) {
    conditions.push(eq(reportRows.advertiser, scope.advertiser_name));
  }
  if (range) conditions.push(between(reportRows.date, range.from, range.to));
  return and(...conditions) as SQL;
}

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same number of days just before the range, for period-over-period change. */
export function previousRange(range: ReportRange): ReportRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: shiftDays(range.from, -length), to: shiftDays(range.from, -1) };
}

async function sumOver(db: Db, scope: EmbedScope, range: ReportRange): Promise<MetricTotals> {
  const [row] = await db.select(totals).from(reportRows).where(scoped(scope, range));
  return row ?? { impressions: 0, clicks: 0, conversions: 0, revenue: 0, payout: 0 };
}

export async function kpis(db: Db, scope: EmbedScope, range: ReportRange): Promise<KpisResponse> {
  const previous = previousRange(range);
  const [current, before] = await Promise.all([
    sumOver(db, scope, range),
    sumOver(db, scope, previous),
  ]);
  return { current, previous: before, previous_range: previous };
}

export async function trend(db: Db, scope: EmbedScope, range: ReportRange): Promise<TrendResponse> {
  return db
    .select({ date: reportRows.date, ...totals })
    .from(reportRows)
    .where(scoped(scope, range))
    .groupBy(reportRows.date)
    .orderBy(asc(reportRows.date));
}

export async function breakdown(
  db: Db,
  scope: EmbedScope,
  query: BreakdownQuery,
  options: { paginate: boolean } = { paginate: true },
): Promise<BreakdownResponse> {
  const column = DIMENSION_COLUMNS[query.dimension];
  const sortBy = query.sort === 'key' ? column : totals[query.sort];
  const order = query.dir === 'asc' ? asc(sortBy) : desc(sortBy);
  const base = db
    .select({ key: column, ...totals, total: sql<number>`count(*) over ()::int` })
    .from(reportRows)
    .where(scoped(scope, query))
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
async function countKeys(db: Db, scope: EmbedScope, query: BreakdownQuery): Promise<number> {
  const column = DIMENSION_COLUMNS[query.dimension];
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${column})::int` })
    .from(reportRows)
    .where(scoped(scope, query));
  return row?.count ?? 0;
}

/** First and last day with data in scope; null when there is none. */
export async function dataRange(
  db: Db,
  scope: EmbedScope,
): Promise<{ from: string; to: string } | null> {
  const [row] = await db
    .select({
      from: sql<string | null>`min(${reportRows.date})::text`,
      to: sql<string | null>`max(${reportRows.date})::text`,
    })
    .from(reportRows)
    .where(scoped(scope));
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
}
