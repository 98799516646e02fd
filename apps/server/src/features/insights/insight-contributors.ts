/**
 * The Why? drawer's rows: which finer segments an insight's change came from. The driver insight's
 * own explain-away (engine/drivers.ts), run on the leaf rows inside the insight's segment, for the
 * days the insight compares.
 */
import type { InsightMetric } from '@partner-portal/shared/insight-rules';
import { REPORT_DIMENSIONS } from '@partner-portal/shared/report-data';
import type { InsightContributor } from '@partner-portal/shared/insights';
import { explainChange, type ChangeExplanation, type DriverRow } from './engine/drivers';
import type { Segment } from './engine/drivers-segments';
import type { LeafDay } from './insight-data';
import { leafValue } from './insight-metrics';

/** Which days are "before" and which "after", as indexes of the loaded span. */
export interface DayComparison {
  before: readonly number[];
  after: readonly number[];
}

function holds(segment: Segment, dims: LeafDay['dims']): boolean {
  return REPORT_DIMENSIONS.every(
    (dimension) => segment[dimension] === undefined || segment[dimension] === dims[dimension],
  );
}

/** One row per leaf of the segment with its before and after sums of `metric`. */
export function buildDriverRows(
  leaves: readonly LeafDay[],
  segment: Segment,
  metric: InsightMetric,
  days: DayComparison,
): DriverRow[] {
  const before = new Set(days.before);
  const after = new Set(days.after);
  const rows = new Map<string, DriverRow & { before: number; after: number }>();
  for (const leaf of leaves) {
    const isBefore = before.has(leaf.day);
    const isAfter = after.has(leaf.day);
    if ((!isBefore && !isAfter) || !holds(segment, leaf.dims)) continue;
    const key = JSON.stringify(REPORT_DIMENSIONS.map((dimension) => leaf.dims[dimension]));
    let row = rows.get(key);
    if (!row) {
      row = { dims: leaf.dims, before: 0, after: 0 };
      rows.set(key, row);
    }
    const value = leafValue(leaf, metric);
    if (isBefore) row.before += value;
    if (isAfter) row.after += value;
  }
  return [...rows.values()];
}

export function toContributors(explanation: ChangeExplanation): InsightContributor[] {
  return explanation.picks.map((pick) => ({
    segment: pick.segment,
    before: pick.before,
    after: pick.after,
    change: pick.change,
    share: pick.shareOfChange,
  }));
}

/**
 * The segments inside `segment` that most of its change between the compared days came from.
 * Called for changes already judged significant, so each pick's share may be said.
 */
export function findContributors(
  leaves: readonly LeafDay[],
  segment: Segment,
  metric: InsightMetric,
  days: DayComparison,
): InsightContributor[] {
  const rows = buildDriverRows(leaves, segment, metric, days);
  return toContributors(explainChange(rows, { totalIsSignificant: true }));
}

/** The indexes from..to, both included. */
export function dayRange(from: number, to: number): number[] {
  const days: number[] = [];
  for (let day = from; day <= to; day += 1) days.push(day);
  return days;
}
