/**
 * The shape every insight is computed from: one number per consecutive UTC day, oldest first,
 * so that "the same weekday a week earlier" is always seven indexes back and the last index is
 * the day the insights are "as of".
 */
export type MetricKind = 'count' | 'money';

export interface DailySeries {
  /** YYYY-MM-DD of values[0] */
  start: string;
  values: number[];
  kind: MetricKind;
}

/** Which way an insight's metric moved. */
export type Direction = 'up' | 'down';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The UTC date of `values[index]`. Worked out from the start date rather than carried per value
 * so a series cannot contain gaps or duplicate days.
 */
export function formatDayAt(start: string, index: number): string {
  if (!Number.isInteger(index)) throw new RangeError(`Day index must be an integer: ${index}`);
  const startMs = startInstant(start);
  if (index < 0 || index >= DAYS_REMEMBERED) {
    return new Date(startMs + index * DAY_MS).toISOString().slice(0, 10);
  }
  return (lastDays[index] ??= new Date(startMs + index * DAY_MS).toISOString().slice(0, 10));
}

// A run formats the same few hundred days of one start date thousands of times (every test of
// every series): the start is checked and parsed once, and each day's text made once.
const DAYS_REMEMBERED = 1_000;
let lastStart = '';
let lastStartMs = 0;
let lastDays: (string | undefined)[] = [];

function startInstant(start: string): number {
  if (start === lastStart) return lastStartMs;
  const startMs = Date.parse(`${start}T00:00:00Z`);
  // Date.parse rolls 2024-02-30 over to March; a start that does not round-trip is a caller bug.
  if (!ISO_DAY.test(start) || Number.isNaN(startMs)) {
    throw new RangeError(`Invalid series start date: ${start}`);
  }
  if (new Date(startMs).toISOString().slice(0, 10) !== start) {
    throw new RangeError(`Invalid series start date: ${start}`);
  }
  lastStart = start;
  lastStartMs = startMs;
  lastDays = [];
  return startMs;
}
