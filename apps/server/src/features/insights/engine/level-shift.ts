/**
 * Several flagged days in a row in the same direction are one story ("traffic dropped 40 % since
 * Thursday"), not several: reporting them one by one would bury the change and repeat it daily.
 */
import type { AnomalyTest } from './anomaly';
import type { Direction } from './series';

/** Three days: two could be a coincidence of spikes; three in one direction within a week rarely is. */
const MIN_SHIFT_DAYS = 3;
const SHIFT_WINDOW_DAYS = 7;

interface LevelShift {
  /** Index and date of the earliest flagged day of the shift. */
  firstIndex: number;
  firstDate: string;
  /** How many flagged days make up the shift. */
  days: number;
  /** Mean relative change of those days against their baselines. */
  meanDelta: number;
  direction: Direction;
}

export interface LevelShiftResult<T extends AnomalyTest> {
  shift: LevelShift | null;
  /** The flagged days not absorbed into the shift, in their original order. */
  remainingAnomalies: T[];
}

/**
 * Folds one series' flagged days into a level shift when at least three of the last seven
 * (ending at lastIndex) go the same way. Should both directions reach three, the week is erratic
 * rather than shifted, and every day is left to stand on its own.
 */
export function findLevelShift<T extends AnomalyTest>(
  flagged: readonly T[],
  lastIndex: number,
): LevelShiftResult<T> {
  const inWindow = (test: T) =>
    test.index <= lastIndex && test.index > lastIndex - SHIFT_WINDOW_DAYS;
  const recent = flagged.filter(inWindow);
  const up = recent.filter((test) => test.delta > 0);
  const down = recent.filter((test) => test.delta < 0);
  const qualifying = [up, down].filter((days) => days.length >= MIN_SHIFT_DAYS);
  const shiftDays = qualifying.length === 1 ? qualifying[0]! : null;
  if (!shiftDays) return { shift: null, remainingAnomalies: [...flagged] };
  const first = shiftDays.reduce((earliest, test) =>
    test.index < earliest.index ? test : earliest,
  );
  const shift: LevelShift = {
    firstIndex: first.index,
    firstDate: first.date,
    days: shiftDays.length,
    meanDelta: shiftDays.reduce((sum, test) => sum + test.delta, 0) / shiftDays.length,
    direction: shiftDays === up ? 'up' : 'down',
  };
  const absorbed = new Set<T>(shiftDays);
  return { shift, remainingAnomalies: flagged.filter((test) => !absorbed.has(test)) };
}
