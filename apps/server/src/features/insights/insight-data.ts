/**
 * What the insights engine reads for one viewer: daily sums per segment over the last sixteen
 * weeks, and the finest rows of the last weeks for the drivers. Two queries, each bounded by the
 * same row-level scope as the dashboards (an advertiser's insights come from its own rows only).
 */
import { sql } from 'drizzle-orm';
import {
  REPORT_DIMENSIONS,
  REPORT_METRICS,
  type ReportDimension,
  type ReportMetric,
} from '@partner-portal/shared/report-data';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { ReportScope } from '../analytics/report-queries';
import { formatDayAt as shiftDay } from './engine/series';
import type { Segment } from './engine/drivers-segments';

/**
 * Sixteen weeks: an anomaly's eight-week baseline behind a window of up to four weeks, and more
 * than the eight weeks the month's pace needs, with a dozen weekly changes for the movers.
 */
export const HISTORY_DAYS = 112;

export type MetricSums = Record<ReportMetric, number>;

/** One segment's daily sums, index 0 = the first day loaded; missing days are zero. */
export interface SegmentSeries {
  segment: Segment;
  values: Record<ReportMetric, number[]>;
}

/** The finest rows (every dimension fixed) of one day, for the drivers and the Why? drawer. */
export interface LeafDay {
  day: number;
  dims: Record<ReportDimension, string>;
  sums: MetricSums;
}

export interface InsightData {
  /** The first day loaded: asOf − HISTORY_DAYS + 1. */
  start: string;
  days: number;
  /** Whole scope first, then each advertiser, campaign (under its advertiser), channel, … */
  segments: SegmentSeries[];
  leaves: LeafDay[];
  /** The first day with data in the loaded span, or null when there is none. */
  firstDataDay: number | null;
}

/**
 * The segments each series is summed over; campaign only under its advertiser. The whole scope,
 * advertisers and campaigns come from the daily roll-up (report_daily: a year of a large account
 * is thousands of rows); channel, country and device only exist on the raw rows, which are read
 * for fewer days (dimensionDays) since a 1,000,000-row year makes every day thousands of rows.
 */
const ROLLUP_SETS: readonly (readonly ReportDimension[])[] = [
  [],
  ['advertiser'],
  ['advertiser', 'campaign'],
];
const RAW_SETS: readonly (readonly ReportDimension[])[] = [['channel'], ['country'], ['device']];

/**
 * Days of channel, country and device history: the anomaly test's eight weeks before its
 * window, which also leaves the mover six weekly changes and the pooled spread four weeks.
 */
export function dimensionDaysFor(window: number): number {
  return 56 + Math.max(window, 7);
}

const SUMS = sql.raw(
  REPORT_METRICS.map((metric) => `coalesce(sum(${metric}), 0)::float8 as ${metric}`).join(', '),
);

function scopeCondition(scope: ReportScope) {
  return scope.advertiser_name === undefined
    ? sql`account_id = ${scope.partner_id}`
    : sql`account_id = ${scope.partner_id} and advertiser = ${scope.advertiser_name}`;
}

type SumsRow = Partial<Record<ReportDimension, string | null>> & MetricSums & { day: number };

/**
 * Zeros (no rows that day) from `firstDay` on; before it, days that were not read are NaN, which
 * every test leaves out rather than taking for a day without traffic.
 */
function emptyValues(days: number, firstDay = 0): Record<ReportMetric, number[]> {
  const values = {} as Record<ReportMetric, number[]>;
  for (const metric of REPORT_METRICS) {
    values[metric] = Array.from({ length: days }, (_, day) => (day < firstDay ? Number.NaN : 0));
  }
  return values;
}

function groupingSetsOf(sets: readonly (readonly ReportDimension[])[]) {
  return sql.raw(sets.map((set) => `(${['date', ...set].join(', ')})`).join(', '));
}

/**
 * Loads `scope`'s data for insights as of `asOf` (included): 16 weeks of the roll-up's series,
 * `dimensionDays` of channel, country and device, and `leafDays` of the finest rows. Three
 * statements, run together. An advertiser viewer's own advertiser is its whole scope, so it is
 * not listed twice.
 */
export async function loadInsightData(
  db: Db,
  scope: ReportScope,
  asOf: string,
  options: { leafDays: number; dimensionDays: number },
): Promise<InsightData> {
  const start = shiftDay(asOf, -(HISTORY_DAYS - 1));
  const leafStart = shiftDay(asOf, -(options.leafDays - 1));
  const rawFirstDay = HISTORY_DAYS - options.dimensionDays;
  const rawStart = shiftDay(start, rawFirstDay);
  const rollupSets = ROLLUP_SETS.filter(
    (set) => !(scope.advertiser_name !== undefined && set.length === 1 && set[0] === 'advertiser'),
  );
  const [rollupRows, rawRows, leafRows] = await Promise.all([
    rowsOf<SumsRow>(
      db,
      sql`select (date - ${start}::date)::int as day, advertiser, campaign, ${SUMS}
          from report_daily
          where ${scopeCondition(scope)} and date between ${start}::date and ${asOf}::date
          group by grouping sets (${groupingSetsOf(rollupSets)})`,
    ),
    rowsOf<SumsRow>(
      db,
      sql`select (date - ${start}::date)::int as day, channel, country, device, ${SUMS}
          from report_rows
          where ${scopeCondition(scope)} and date between ${rawStart}::date and ${asOf}::date
          group by grouping sets (${groupingSetsOf(RAW_SETS)})`,
    ),
    rowsOf<SumsRow>(
      db,
      sql`select (date - ${start}::date)::int as day, advertiser, campaign, channel, country, device,
            ${SUMS}
          from report_rows
          where ${scopeCondition(scope)} and date between ${leafStart}::date and ${asOf}::date
          group by date, advertiser, campaign, channel, country, device`,
    ),
  ]);
  return {
    start,
    days: HISTORY_DAYS,
    segments: [...collectSegments(rollupRows, 0), ...collectSegments(rawRows, rawFirstDay, false)],
    leaves: leafRows.map((row) => ({
      day: row.day,
      dims: pickDimensions(row, REPORT_DIMENSIONS) as Record<ReportDimension, string>,
      sums: pickSums(row),
    })),
    firstDataDay: rollupRows.reduce<number | null>(
      (first, row) => (first === null || row.day < first ? row.day : first),
      null,
    ),
  };
}

function pickSums(row: MetricSums): MetricSums {
  const sums = {} as MetricSums;
  for (const metric of REPORT_METRICS) sums[metric] = Number(row[metric]);
  return sums;
}

/** The dimensions a grouping set fixed: the others come back null (PostgreSQL's GROUPING SETS). */
function pickDimensions(row: SumsRow, dimensions: readonly ReportDimension[]): Segment {
  const segment: Segment = {};
  for (const dimension of dimensions) {
    const value = row[dimension];
    if (value !== null && value !== undefined) segment[dimension] = value;
  }
  return segment;
}

function collectSegments(
  rows: readonly SumsRow[],
  firstDay: number,
  withWholeScope = true,
): SegmentSeries[] {
  const byKey = new Map<string, SegmentSeries>();
  // The whole scope is always there, even on days without data, so it leads the list.
  if (withWholeScope) {
    byKey.set(segmentKey({}), { segment: {}, values: emptyValues(HISTORY_DAYS) });
  }
  for (const row of rows) {
    const segment = pickDimensions(row, REPORT_DIMENSIONS);
    const key = segmentKey(segment);
    let series = byKey.get(key);
    if (!series) {
      series = { segment, values: emptyValues(HISTORY_DAYS, firstDay) };
      byKey.set(key, series);
    }
    for (const metric of REPORT_METRICS) series.values[metric][row.day] = Number(row[metric]);
  }
  return [...byKey.values()];
}

/** One string per segment, in the dimensions' order, that no value can forge. */
export function segmentKey(segment: Segment): string {
  return JSON.stringify(
    REPORT_DIMENSIONS.filter((dimension) => segment[dimension] !== undefined).map((dimension) => [
      dimension,
      segment[dimension],
    ]),
  );
}
