/**
 * Week-over-week movers: segments whose last seven days differ from the seven before by more than
 * their own history of weekly changes would explain. Judging each segment against itself keeps a
 * naturally volatile segment from crowding out a steady one that really moved.
 */
import { MAD_TO_SIGMA, median, medianAbsoluteDeviation } from './robust-stats';
import type { DailySeries, Direction } from './series';

const WEEK = 7;
/** Fewer weekly changes than this say too little about what a normal week looks like. */
const MIN_HISTORY_CHANGES = 4;
/**
 * Weekly totals of large, regular segments can barely move for weeks; without a floor a 3 %
 * wobble after such a calm spell would score a huge z.
 */
const RELATIVE_SPREAD_FLOOR = 0.025;

export interface MoverOptions {
  /** The metric's last-7-day total over all segments, for the share threshold. */
  totalLast7: number;
  /** For kind 'money': the typical amount per underlying event (default 1), as in anomalies. */
  valuePerEvent?: number;
  /** Least share of totalLast7 the segment's last 7 days must have (default 0.005). */
  minShare?: number;
  /** Least |z| against the segment's own weekly changes (default 4). */
  minZ?: number;
  /** Least |Δ| (default 0.1). */
  minDelta?: number;
}

export interface Mover {
  /** Sum of the 7 days before the last 7. */
  before: number;
  /** Sum of the last 7 days. */
  after: number;
  /** (after − before) / before */
  delta: number;
  z: number;
  direction: Direction;
}

function sumRange(values: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += values[index] ?? Number.NaN;
  return sum;
}

/**
 * Relative changes between consecutive whole weeks before the last two, aligned on the end so
 * every week compared has the same weekday mix. Weeks with missing days or nothing in them
 * give no change rather than a made-up one.
 */
function collectWeeklyChanges(values: readonly number[]): number[] {
  const historyEnd = values.length - 2 * WEEK;
  const weeklyTotals: number[] = [];
  for (let end = historyEnd; end - WEEK >= 0; end -= WEEK) {
    weeklyTotals.unshift(sumRange(values, end - WEEK, end));
  }
  const changes: number[] = [];
  for (let week = 1; week < weeklyTotals.length; week += 1) {
    const previous = weeklyTotals[week - 1]!;
    const current = weeklyTotals[week]!;
    if (previous > 0 && Number.isFinite(current)) changes.push((current - previous) / previous);
  }
  return changes;
}

/** The Poisson noise of a week-over-week ratio between two weeks of `before`'s size. */
function measureNoiseFloor(series: DailySeries, before: number, valuePerEvent: number): number {
  const events = series.kind === 'count' ? before : before / valuePerEvent;
  return Math.sqrt(2 / events);
}

export function findMover(series: DailySeries, options: MoverOptions): Mover | null {
  const { totalLast7 } = options;
  const valuePerEvent = options.valuePerEvent ?? 1;
  if (!(totalLast7 >= 0 && Number.isFinite(totalLast7))) {
    throw new RangeError(`totalLast7 must be a non-negative number, got ${totalLast7}`);
  }
  if (!(valuePerEvent > 0 && Number.isFinite(valuePerEvent))) {
    throw new RangeError(`valuePerEvent must be positive, got ${valuePerEvent}`);
  }
  const { values } = series;
  if (values.length < 2 * WEEK) return null;
  const after = sumRange(values, values.length - WEEK, values.length);
  const before = sumRange(values, values.length - 2 * WEEK, values.length - WEEK);
  // No relative change exists from an empty (or incomplete) week.
  if (!(before > 0) || !Number.isFinite(after)) return null;
  if (after < (options.minShare ?? 0.005) * totalLast7) return null;

  const changes = collectWeeklyChanges(values);
  if (changes.length < MIN_HISTORY_CHANGES) return null;
  const delta = (after - before) / before;
  // Centred on the usual change, so steady growth is not a mover every week.
  const centre = median(changes);
  const spread = Math.max(
    MAD_TO_SIGMA * medianAbsoluteDeviation(changes),
    measureNoiseFloor(series, before, valuePerEvent),
    RELATIVE_SPREAD_FLOOR,
  );
  const z = (delta - centre) / spread;
  if (Math.abs(delta) < (options.minDelta ?? 0.1) || Math.abs(z) < (options.minZ ?? 4)) return null;
  // Growing 12 % after weeks of 30 % is unusual, but "up 12 %" would tell the reader the wrong
  // story; only a move that is unusual in its own direction is reported.
  if (Math.sign(z) !== Math.sign(delta)) return null;
  return { before, after, delta, z, direction: delta > 0 ? 'up' : 'down' };
}
