/**
 * One run of the engine for one scope: where the data stands, whether there is enough of it, and
 * the ranked insights with their ids. The API caches what this returns; the admin command prints
 * it directly.
 */
import { createHash } from 'node:crypto';
import {
  INSIGHT_METRICS,
  type InsightMetric,
  type InsightViewer,
  type VolumeFloors,
} from '@partner-portal/shared/insight-rules';
import { daysBetween } from '@partner-portal/shared/report-data';
import type { Db } from '../../db/client';
import type { ReportScope } from '../analytics/report-queries';
import { MIN_HISTORY_DAYS } from './engine/anomaly';
import { computeInsights } from './compute-insights';
import type { EngineInsight } from './insight-types';
import { writeCachedRun, type CacheKey, type StoredInsight, type StoredRun } from './insight-cache';
import { dimensionDaysFor, loadInsightData, segmentKey } from './insight-data';
import { insightSpan } from './insight-span';

/** More than the panel and the digest could show, so mutes and a metric filter still leave some. */
const INSIGHTS_KEPT = 40;

export interface RunRequest {
  scope: ReportScope;
  viewer: InsightViewer;
  /** The as-of day asked for; by default the scope's last day with data. */
  asOf?: string | undefined;
  window: number;
  /** The volume gates in force (config.insightFloors). */
  floors: VolumeFloors;
}

/** The month's pace is told for what the viewer earns: revenue, or an advertiser's conversions. */
function paceMetricOf(viewer: InsightViewer): InsightMetric {
  return viewer === 'advertiser' ? 'conversions' : 'revenue';
}

function seriesKeyOf(insight: Pick<EngineInsight, 'metric' | 'segment'>): string {
  return JSON.stringify([insight.metric, segmentKey(insight.segment)]);
}

/** Stable across runs of the same data, unique within the scope: what feedback names. */
function insightId(scope: ReportScope, insight: EngineInsight): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        scope.partner_id,
        scope.advertiser_name ?? null,
        insight.type,
        seriesKeyOf(insight),
        insight.period,
      ]),
    )
    .digest('base64url')
    .slice(0, 22);
}

export async function runInsights(db: Db, request: RunRequest): Promise<StoredRun> {
  const { scope } = request;
  const span = await insightSpan(db, scope);
  const asOf = request.asOf ?? span?.accountTo ?? null;
  if (!span || asOf === null || span.from > asOf) {
    return { status: 'no_data', asOf, dataThrough: null, insights: [] };
  }
  // Days after the account's last rows are not loaded yet, not days without traffic: the engine
  // stops at the last day the account has data for (and says so), so only a segment missing
  // while the rest of the account has rows reads as a drop.
  const dataThrough = span.accountTo < asOf ? span.accountTo : asOf;
  if (daysBetween(span.from, dataThrough) + 1 < MIN_HISTORY_DAYS) {
    return { status: 'insufficient_history', asOf, dataThrough, insights: [] };
  }
  // The drivers compare the last two weeks; an anomaly up to `window` days back is compared with
  // the same weekday a week before it.
  const leafDays = Math.max(request.window, 7) + 7;
  const data = await loadInsightData(db, scope, dataThrough, {
    leafDays,
    dimensionDays: dimensionDaysFor(request.window),
  });
  const insights = computeInsights(data, {
    viewer: request.viewer,
    window: request.window,
    metrics: INSIGHT_METRICS,
    paceMetric: paceMetricOf(request.viewer),
    floors: request.floors,
    keep: INSIGHTS_KEPT,
  });
  return {
    status: 'ok',
    asOf,
    dataThrough,
    insights: insights.map((insight): StoredInsight => ({
      ...insight,
      id: insightId(scope, insight),
      seriesKey: seriesKeyOf(insight),
    })),
  };
}

/**
 * The run a cache read found, or a new one computed and stored under the stamp that read saw: the
 * panel and the digest both go through here. Whose rows decide whose news is good.
 */
export async function cachedOrNewRun(
  db: Db,
  key: CacheKey,
  cached: { run: StoredRun | null; stamp: string },
  request: Omit<RunRequest, 'viewer'>,
): Promise<StoredRun> {
  if (cached.run) return cached.run;
  const viewer = request.scope.advertiser_name === undefined ? 'partner' : 'advertiser';
  const run = await runInsights(db, { ...request, viewer });
  await writeCachedRun(db, key, cached.stamp, run);
  return run;
}
