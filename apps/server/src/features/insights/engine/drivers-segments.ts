/**
 * The segments a total change can be explained by, and their before/after sums. Kept apart from
 * the greedy choice (drivers.ts) so that what counts as a segment is decided in one place.
 */
import { REPORT_DIMENSIONS, type ReportDimension } from '@partner-portal/shared/report-data';

/** The report's own dimensions: a segment is named in the words the dashboards use. */
const DRIVER_DIMENSIONS = REPORT_DIMENSIONS;
export type DriverDimension = ReportDimension;

/** A fixed value for 1–3 of the dimensions, e.g. { advertiser: 'Acme Shoes', device: 'mobile' }. */
export type Segment = Partial<Record<DriverDimension, string>>;

/** One leaf combination of all the dimensions and the metric's two weekly sums. */
export interface DriverRow {
  dims: Readonly<Record<DriverDimension, string>>;
  /** The metric's sum over the 7 days before the last 7. */
  before: number;
  /** The metric's sum over the last 7 days. */
  after: number;
}

/** Three fixed values still read as one phrase ("Acme Shoes on mobile in DE"); four do not. */
const MAX_SEGMENT_DIMENSIONS = 3;

/** A candidate segment's sums over the rows not yet explained. */
export interface SegmentTotals {
  /** Which entry of the combinations the segment fixes; its rows share `key` there. */
  combination: number;
  /** Unique across combinations, and orders candidates independently of the rows' order. */
  key: string;
  segment: Segment;
  dimensionCount: number;
  before: number;
  after: number;
  /** Σ (|before| + |after|): how much the segment holds, moved or not. */
  volume: number;
  /** How many of the rows not yet explained it holds. */
  rowCount: number;
}

/**
 * Campaign names repeat across advertisers ("Brand", "Retargeting"), so a campaign on its own
 * would add up unrelated advertisers' campaigns: campaign is only ever fixed with its advertiser.
 */
function fixesCampaignUnderAdvertiser(dimensions: readonly DriverDimension[]): boolean {
  return !dimensions.includes('campaign') || dimensions.includes('advertiser');
}

/** Every set of 1–3 dimensions that names a meaningful segment: 18 of the 25. */
export function listDimensionCombinations(): DriverDimension[][] {
  const combinations: DriverDimension[][] = [];
  const extend = (from: number, chosen: DriverDimension[]) => {
    if (chosen.length > 0 && fixesCampaignUnderAdvertiser(chosen)) combinations.push(chosen);
    if (chosen.length === MAX_SEGMENT_DIMENSIONS) return;
    for (let index = from; index < DRIVER_DIMENSIONS.length; index += 1) {
      extend(index + 1, [...chosen, DRIVER_DIMENSIONS[index]!]);
    }
  };
  extend(0, []);
  return combinations;
}

/** JSON of [dimension, value] pairs: no value can imitate a separator and merge two segments. */
function keySegment(dimensions: readonly DriverDimension[], values: Segment): string {
  return JSON.stringify(dimensions.map((dimension) => [dimension, values[dimension]]));
}

/** Each row's segment key under each combination, worked out once rather than at every step. */
export function indexSegmentKeys(
  rows: readonly DriverRow[],
  combinations: readonly (readonly DriverDimension[])[],
): string[][] {
  return combinations.map((dimensions) => rows.map((row) => keySegment(dimensions, row.dims)));
}

/** The keys of the segments that fix some but not all of this one's values: its generalisations. */
export function listGeneralisationKeys(segment: Segment): string[] {
  const fixed = DRIVER_DIMENSIONS.filter((dimension) => segment[dimension] !== undefined);
  const keys: string[] = [];
  for (let mask = 1; mask < (1 << fixed.length) - 1; mask += 1) {
    const subset = fixed.filter((_, index) => (mask & (1 << index)) !== 0);
    if (fixesCampaignUnderAdvertiser(subset)) keys.push(keySegment(subset, segment));
  }
  return keys;
}

function pickSegment(row: DriverRow, dimensions: readonly DriverDimension[]): Segment {
  const segment: Segment = {};
  for (const dimension of dimensions) segment[dimension] = row.dims[dimension];
  return segment;
}

/**
 * Sums every candidate segment over the rows not yet explained: one pass over the rows per
 * combination, so the cost grows with rows × 18, never with pairs of segments.
 */
export function aggregateSegments(
  rows: readonly DriverRow[],
  combinations: readonly (readonly DriverDimension[])[],
  keys: readonly (readonly string[])[],
  explained: readonly boolean[],
): Map<string, SegmentTotals> {
  const totals = new Map<string, SegmentTotals>();
  combinations.forEach((dimensions, combination) => {
    const rowKeys = keys[combination]!;
    rows.forEach((row, index) => {
      if (explained[index]) return;
      const key = rowKeys[index]!;
      let segment = totals.get(key);
      if (segment === undefined) {
        segment = {
          combination,
          key,
          segment: pickSegment(row, dimensions),
          dimensionCount: dimensions.length,
          before: 0,
          after: 0,
          volume: 0,
          rowCount: 0,
        };
        totals.set(key, segment);
      }
      segment.before += row.before;
      segment.after += row.after;
      segment.volume += Math.abs(row.before) + Math.abs(row.after);
      segment.rowCount += 1;
    });
  });
  return totals;
}
