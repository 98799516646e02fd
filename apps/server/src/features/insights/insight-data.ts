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

/** The single-dimension segments each series is summed over; campaign only under its advertiser. */
const SERIES_SETS: readonly (readonly ReportDimension[])[] = [
  [],
  ['advertiser'],
  ['advertiser', 'campaign'],
  ['channel'],
  ['country'],
  ['device'],
];

const SUMS = sql.raw(
  REPORT_METRICS.map((metric) => `coalesce(sum(${metric}), 0)::float8 as ${metric}`).join(', '),
);

function scopeCondition(scope: ReportScope) {
  return scope.advertiser_name === undefined
    ? sql`account_id = ${scope.partner_id}`
    : sql`account_id = ${scope.partner_id} and advertiser = ${scope.advertiser_name}`;
}

type SumsRow = Partial<Record<ReportDimension, string | null>> & MetricSums & { day: number };

function emptyValues(days: number): Record<ReportMetric, number[]> {
  const values = {} as Record<ReportMetric, number[]>;
  for (const metric of REPORT_METRICS) values[metric] = new Array<number>(days).fill(0);
  return values;
}

/**
 * Loads `scope`'s data for insights as of `asOf` (included); `leafDays` of the finest rows, ending
 * at asOf. An advertiser viewer's own advertiser is its whole scope, so it is not listed twice.
 */
export async function loadInsightData(
  db: Db,
  scope: ReportScope,
  asOf: string,
  leafDays: number,
): Promise<InsightData> {
  const start = shiftDay(asOf, -(HISTORY_DAYS - 1));
  const leafStart = shiftDay(asOf, -(leafDays - 1));
  const sets = SERIES_SETS.filter(
    (set) => !(scope.advertiser_name !== undefined && set.length === 1 && set[0] === 'advertiser'),
  );
  const groupingSets = sql.raw(sets.map((set) => `(${['date', ...set].join(', ')})`).join(', '));
  const [seriesRows, leafRows] = await Promise.all([
    rowsOf<SumsRow>(
      db,
      sql`select (date - ${start}::date)::int as day, advertiser, campaign, channel, country, device,
            ${SUMS}
          from report_rows
          where ${scopeCondition(scope)} and date between ${start}::date and ${asOf}::date
          group by grouping sets (${groupingSets})`,
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
    segments: collectSegments(seriesRows),
    leaves: leafRows.map((row) => ({
      day: row.day,
      dims: pickDimensions(row, REPORT_DIMENSIONS) as Record<ReportDimension, string>,
      sums: pickSums(row),
    })),
    firstDataDay: seriesRows.reduce<number | null>(
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

function collectSegments(rows: readonly SumsRow[]): SegmentSeries[] {
  const byKey = new Map<string, SegmentSeries>();
  // The whole scope is always there, even on days without data, so it leads the list.
  byKey.set(segmentKey({}), { segment: {}, values: emptyValues(HISTORY_DAYS) });
  for (const row of rows) {
    const segment = pickDimensions(row, REPORT_DIMENSIONS);
    const key = segmentKey(segment);
    let series = byKey.get(key);
    if (!series) {
      series = { segment, values: emptyValues(HISTORY_DAYS) };
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
