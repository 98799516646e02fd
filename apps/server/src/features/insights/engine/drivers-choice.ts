/**
 * Which segment the driver insight names next (drivers.ts): the one explaining the most of what
 * is left, made to prefer the plainer of two near-equal statements.
 */
import { listGeneralisationKeys } from './drivers-segments';
import type { SegmentTotals } from './drivers-segments';

/** How much less of the total change a simpler segment may explain and still be preferred. */
const SIMPLER_WITHIN = 0.05;
/**
 * A general segment whose rows beyond a more specific one's hold less than this share of its
 * volume says the same thing as the specific one, so the simpler-wins rule applies between them.
 */
const NEGLIGIBLE_VOLUME = 0.05;
/**
 * Shares this close (relative to the total change) are equal: rounding in the sums must not
 * decide between segments, or scaling every value would change the story.
 */
export const ROUNDING = 1e-9;

/** Whether `candidate` should be named instead of `current`, both being close enough to the best. */
function isPreferred(
  candidate: SegmentTotals,
  current: SegmentTotals,
  direction: number,
  tie: number,
): boolean {
  if (candidate.dimensionCount !== current.dimensionCount) {
    return candidate.dimensionCount < current.dimensionCount;
  }
  const margin =
    direction * (candidate.after - candidate.before - (current.after - current.before));
  if (Math.abs(margin) > tie) return margin > 0;
  return candidate.key < current.key;
}

/**
 * The close candidates that must not be named because the change sits in a more specific close
 * candidate inside them: their other rows hold real volume but moved (net) by less than the
 * margin, so naming them would dilute the change: "explained by mobile" when only Acme Shoes'
 * mobile traffic in DE fell.
 */
function findDilutedSegments(
  close: readonly SegmentTotals[],
  candidates: ReadonlyMap<string, SegmentTotals>,
): Set<string> {
  const diluted = new Set<string>();
  for (const specific of close) {
    for (const key of listGeneralisationKeys(specific.segment)) {
      const general = candidates.get(key);
      if (general && specific.volume < (1 - NEGLIGIBLE_VOLUME - ROUNDING) * general.volume) {
        diluted.add(key);
      }
    }
  }
  return diluted;
}

/**
 * The segment to name next: among those that moved the way the total did, the one explaining the
 * most of the remaining change, or null when none moved that way.
 */
export function chooseSegment(
  candidates: ReadonlyMap<string, SegmentTotals>,
  remainingRows: number,
  totalChange: number,
): SegmentTotals | null {
  const direction = Math.sign(totalChange);
  const tie = ROUNDING * Math.abs(totalChange);
  const explains = (segment: SegmentTotals) => direction * (segment.after - segment.before);
  // A segment holding every remaining row ("search", when all traffic is search) only restates
  // the total.
  const informative = [...candidates.values()].filter((c) => c.rowCount < remainingRows);
  let best = 0;
  for (const candidate of informative) best = Math.max(best, explains(candidate));
  if (best <= tie) return null;
  // A simpler segment explaining almost as much wins: "Acme Shoes explains 70 %" is the more
  // general statement, and the extra dimensions of a slightly better one would be fitting noise.
  // The margin is in points of the total change, so it means the same at every step. Between a
  // segment and one inside it the rule holds only when they share nearly all their volume: see
  // findDilutedSegments.
  const enough = best - SIMPLER_WITHIN * Math.abs(totalChange) - tie;
  const close = informative.filter((candidate) => explains(candidate) >= enough);
  const diluted = findDilutedSegments(close, candidates);
  let choice: SegmentTotals | null = null;
  for (const candidate of close) {
    if (diluted.has(candidate.key)) continue;
    if (choice === null || isPreferred(candidate, choice, direction, tie)) choice = candidate;
  }
  return choice;
}
