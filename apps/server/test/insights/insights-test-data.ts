/**
 * Test support only (imported by the insights tests, never by the app): an account's report rows
 * from the demo generator, with a known story in them, ending today.
 */
import { REPORT_METRICS } from '@partner-portal/shared/report-data';
import type { Db } from '../../src/db/client';
import { createReportRows } from '../factories';
import {
  generateReportRows,
  type GeneratedRow,
  type ReportEvent,
} from '../../src/db/seed/report-generator';
import type { Segment } from '../../src/features/insights/engine/drivers-segments';
import { formatDayAt } from '../../src/features/insights/engine/series';
import {
  dimensionDaysFor,
  HISTORY_DAYS,
  segmentKey,
  type InsightData,
  type LeafDay,
  type MetricSums,
  type SegmentSeries,
} from '../../src/features/insights/insight-data';

export const TEST_ADVERTISERS = [
  { name: 'Acme Shoes', campaigns: ['Spring Collection', 'Running Gear'], scale: 1.2 },
  { name: 'Globex Travel', campaigns: ['City Breaks', 'Summer Flights'], scale: 1.5 },
  { name: 'Initech Software', campaigns: ['Free Trial'], scale: 0.9 },
];

/** Globex Travel's City Breaks lost 70 % of its traffic over the last five days. */
export const GLOBEX_DROP: ReportEvent = {
  advertiser: 'Globex Travel',
  campaign: 'City Breaks',
  days: 5,
  factor: 0.3,
};

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function loadTestReport(
  db: Db,
  accountId: string,
  options: {
    days?: number;
    until?: Date;
    events?: ReportEvent[];
    /** Which generated rows to store; all by default. */
    keep?: (row: GeneratedRow) => boolean;
  } = {},
): Promise<void> {
  const generated = generateReportRows({
    advertisers: TEST_ADVERTISERS,
    days: options.days ?? 120,
    until: options.until ?? new Date(),
    seed: 4_242,
    events: options.events ?? [GLOBEX_DROP],
  });
  const rows = options.keep ? generated.filter(options.keep) : generated;
  await createReportRows(
    db,
    accountId,
    rows.map((row) => ({ ...row, revenue: Number(row.revenue), payout: Number(row.payout) })),
  );
}

/**
 * What loadInsightData reads from the database, worked out from the generated rows in memory
 * (insight-data.test.ts holds the two equal), so the engine's tests need no database.
 */
export function buildInsightData(
  rows: readonly GeneratedRow[],
  asOf: string,
  options: { advertiser?: string; leafDays?: number; dimensionDays?: number } = {},
): InsightData {
  const start = formatDayAt(asOf, -(HISTORY_DAYS - 1));
  const leafStart = HISTORY_DAYS - (options.leafDays ?? 14);
  const rawFirstDay = HISTORY_DAYS - (options.dimensionDays ?? dimensionDaysFor(7));
  const segments = new Map<string, SegmentSeries>();
  const leaves = new Map<string, LeafDay>();
  let firstDataDay: number | null = null;
  const sets: (keyof Segment)[][] = [
    [],
    ...(options.advertiser === undefined ? [['advertiser' as const]] : []),
    ['advertiser', 'campaign'],
    ['channel'],
    ['country'],
    ['device'],
  ];
  const series = (segment: Segment, firstDay: number) => {
    const key = segmentKey(segment);
    let found = segments.get(key);
    if (!found) {
      const values = {} as SegmentSeries['values'];
      for (const metric of REPORT_METRICS) {
        values[metric] = Array.from({ length: HISTORY_DAYS }, (_, day) =>
          day < firstDay ? Number.NaN : 0,
        );
      }
      found = { segment, values };
      segments.set(key, found);
    }
    return found;
  };
  series({}, 0);
  for (const row of rows) {
    if (options.advertiser !== undefined && row.advertiser !== options.advertiser) continue;
    const day = Math.round((Date.parse(row.date) - Date.parse(start)) / 86_400_000);
    if (day < 0 || day >= HISTORY_DAYS) continue;
    firstDataDay = firstDataDay === null ? day : Math.min(firstDataDay, day);
    const sums = Object.fromEntries(
      REPORT_METRICS.map((metric) => [metric, Number(row[metric])]),
    ) as MetricSums;
    for (const set of sets) {
      const raw = set.length === 1 && ['channel', 'country', 'device'].includes(set[0]!);
      if (raw && day < rawFirstDay) continue;
      const segment: Segment = {};
      for (const dimension of set) segment[dimension] = row[dimension];
      const target = series(segment, raw ? rawFirstDay : 0);
      for (const metric of REPORT_METRICS) target.values[metric][day]! += sums[metric];
    }
    if (day < leafStart) continue;
    const dims = {
      advertiser: row.advertiser,
      campaign: row.campaign,
      channel: row.channel,
      country: row.country,
      device: row.device,
    };
    const key = JSON.stringify([day, dims]);
    const leaf = leaves.get(key) ?? { day, dims, sums: zeroSums() };
    for (const metric of REPORT_METRICS) leaf.sums[metric] += sums[metric];
    leaves.set(key, leaf);
  }
  return {
    start,
    days: HISTORY_DAYS,
    segments: [...segments.values()],
    leaves: [...leaves.values()],
    firstDataDay,
  };
}

function zeroSums(): MetricSums {
  return { impressions: 0, clicks: 0, conversions: 0, revenue: 0, payout: 0 };
}
