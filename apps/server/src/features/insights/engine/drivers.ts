/**
 * The "driver" insight: which few segments account for a total's week-over-week change ("Revenue
 * −18 % week over week; 70 % explained by Acme Shoes on mobile in DE"). A greedy explain-away: name
 * the segment that accounts for most of what is still unexplained, set its rows aside, repeat.
 */
import { chooseSegment, ROUNDING } from './drivers-choice';
import { aggregateSegments, indexSegmentKeys, listDimensionCombinations } from './drivers-segments';
import type { DriverRow, Segment } from './drivers-segments';

export type { DriverRow } from './drivers-segments';

/** A sentence can name three segments; beyond that the reader stops following. */
const MAX_PICKS = 3;
/** Two thirds of a change is "most of it": naming more segments adds words, not insight. */
const TARGET_SHARE = 0.67;
/**
 * A change this small beside the totals is rounding in the sums, not movement: the same rows
 * scaled by 0.018 summed to a "change" of 7e-15 where unscaled they summed to exactly none, and
 * every share divided by it ran to 10^15.
 */
const NOT_MOVED = 1e-12;

export interface DriverOptions {
  /**
   * Whether the total change is significant against its own history, judged by the caller (the
   * total's z). Default false: without it the picks are listed but not said to explain anything.
   */
  totalIsSignificant?: boolean;
}

interface SegmentChange {
  before: number;
  after: number;
  /** after − before */
  change: number;
  /** change / the total change; the picks' and the rest's shares sum to 1. */
  shareOfChange: number;
}

interface DriverPick extends SegmentChange {
  /** Its sums cover only its rows that no earlier pick explained. */
  segment: Segment;
}

export interface ChangeExplanation {
  before: number;
  after: number;
  change: number;
  /** In the order chosen; empty when the total did not change. */
  picks: DriverPick[];
  /** Every row no pick explained. */
  rest: SegmentChange;
  /** options.totalIsSignificant, as given. */
  significant: boolean;
  /** Whether "X % explained by …" may be said: a significant change and at least one pick. */
  explainsShare: boolean;
}

function assertFiniteRows(rows: readonly DriverRow[]): void {
  for (const row of rows) {
    // One NaN would make every segment containing it unrankable.
    if (!Number.isFinite(row.before) || !Number.isFinite(row.after)) {
      throw new RangeError(`Driver rows need finite sums, got ${row.before} → ${row.after}`);
    }
  }
}

function sumRows(rows: readonly DriverRow[], include: (index: number) => boolean) {
  let before = 0;
  let after = 0;
  rows.forEach((row, index) => {
    if (!include(index)) return;
    before += row.before;
    after += row.after;
  });
  return { before, after };
}

export function explainChange(
  rows: readonly DriverRow[],
  options: DriverOptions = {},
): ChangeExplanation {
  assertFiniteRows(rows);
  const total = sumRows(rows, () => true);
  const change = total.after - total.before;
  const significant = options.totalIsSignificant ?? false;
  const explained = new Array<boolean>(rows.length).fill(false);
  const picks: DriverPick[] = [];
  let explainedShare = 0;
  // A total that did not move has nothing to explain (and every share would divide by zero).
  const moved =
    Math.abs(change) > NOT_MOVED * Math.max(Math.abs(total.before), Math.abs(total.after));
  if (moved) {
    const combinations = listDimensionCombinations();
    const keys = indexSegmentKeys(rows, combinations);
    while (picks.length < MAX_PICKS && explainedShare < TARGET_SHARE - ROUNDING) {
      const candidates = aggregateSegments(rows, combinations, keys, explained);
      const remainingRows = explained.filter((done) => !done).length;
      const choice = chooseSegment(candidates, remainingRows, change);
      if (choice === null) break;
      const rowKeys = keys[choice.combination]!;
      rowKeys.forEach((key, index) => {
        if (key === choice.key) explained[index] = true;
      });
      const pickChange = choice.after - choice.before;
      const shareOfChange = pickChange / change;
      picks.push({
        segment: choice.segment,
        before: choice.before,
        after: choice.after,
        change: pickChange,
        shareOfChange,
      });
      explainedShare += shareOfChange;
    }
  }
  const rest = sumRows(rows, (index) => !explained[index]);
  return {
    ...total,
    change,
    picks,
    // The rest's share is what the picks leave, rather than its own ratio, so that the shares
    // add up to 100 % whatever the rounding; with nothing to explain, it holds all of it.
    rest: { ...rest, change: rest.after - rest.before, shareOfChange: 1 - explainedShare },
    significant,
    explainsShare: significant && picks.length > 0,
  };
}
