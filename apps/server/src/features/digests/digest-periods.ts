import { DIGEST_SEND_HOUR, isTimeZone } from '@partner-portal/shared/digests';
import type { DigestFrequency } from '@partner-portal/shared/digests';

/**
 * Which local days a report digest covers and when it is due (docs/product.md#report-digests).
 * Pure calendar arithmetic: the caller decides whether a period was already sent.
 */
export interface DigestPeriod {
  /** Unique per user and period, e.g. 'daily:2026-11-25', 'weekdays:2026-11-20', 'weekly:2026-11-16', 'monthly:2026-10'. The key names the period's first day (monthly: its YYYY-MM). */
  key: string;
  /** First and last local day covered, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** The instant it is due: 08:00 local on the send day, as a UTC Date. */
  sendAt: Date;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The newest period whose sendAt is at or before `now` (the one a job should send now, if not yet sent). */
export function latestDuePeriod(
  frequency: DigestFrequency,
  timeZone: string,
  now: Date,
): DigestPeriod {
  assertTimeZone(timeZone);
  const today = localDay(now, timeZone);
  // Today's send only counts once 08:00 local has passed; any earlier send day is already due,
  // because its 08:00 lies before the start of today.
  let day = localSendInstant(today, timeZone) <= now ? today : addDays(today, -1);
  while (!isSendDay(frequency, day)) day = addDays(day, -1);
  return periodSentOn(frequency, day, timeZone);
}

/** The first period whose sendAt is strictly after `now` (what the settings screen previews as "next digest"). */
export function nextPeriod(frequency: DigestFrequency, timeZone: string, now: Date): DigestPeriod {
  assertTimeZone(timeZone);
  const today = localDay(now, timeZone);
  let day = localSendInstant(today, timeZone) > now ? today : addDays(today, 1);
  while (!isSendDay(frequency, day)) day = addDays(day, 1);
  return periodSentOn(frequency, day, timeZone);
}

/** 08:00 (DIGEST_SEND_HOUR) local on `day` (YYYY-MM-DD) in `timeZone`, as a UTC instant; correct across daylight-saving changes. */
export function localSendInstant(day: string, timeZone: string): Date {
  return localWallTimeToInstant(day, DIGEST_SEND_HOUR, 0, timeZone);
}

/**
 * The instant the clocks in `timeZone` show `hour:minute` on `day`. A wall time the clocks skip
 * (spring forward) maps to the end of the skip, the first instant that exists; a wall time they
 * show twice (fall back) maps to its first showing, so a digest is never due an hour late.
 */
export function localWallTimeToInstant(
  day: string,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  assertTimeZone(timeZone);
  const [year, month, date] = parseDay(day);
  const wall = Date.UTC(year, month - 1, date, hour, minute);

  // Offset iteration: the zone's offset at the wall time read as UTC is usually right already;
  // near a transition it is the offset on the other side, so one correction and one re-check.
  const firstOffset = offsetAt(wall, timeZone);
  let offset = firstOffset;
  let instant = wall - offset;
  const secondOffset = offsetAt(instant, timeZone);
  if (secondOffset !== offset) {
    offset = secondOffset;
    instant = wall - offset;
    const thirdOffset = offsetAt(instant, timeZone);
    if (thirdOffset !== offset) {
      // Neither offset reproduces the wall time: it lies in a gap. The two readings straddle
      // the transition, which is the first instant after the gap.
      const a = wall - secondOffset;
      const b = wall - thirdOffset;
      return new Date(transitionBetween(Math.min(a, b), Math.max(a, b), timeZone));
    }
  }

  // If the clocks went back within the day before, the wall time may also have been shown on the
  // earlier offset; that first showing wins.
  const earlierOffset = offsetAt(instant - DAY_MS, timeZone);
  if (earlierOffset !== offset) {
    const earlier = wall - earlierOffset;
    if (earlier < instant && offsetAt(earlier, timeZone) === earlierOffset) {
      return new Date(earlier);
    }
  }
  return new Date(instant);
}

function assertTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
}

function isSendDay(frequency: DigestFrequency, day: string): boolean {
  switch (frequency) {
    case 'daily':
      return true;
    case 'weekdays': {
      const weekday = weekdayOf(day);
      return weekday >= 1 && weekday <= 5;
    }
    case 'weekly':
      return weekdayOf(day) === 1;
    case 'monthly':
      return day.endsWith('-01');
  }
}

/** The period whose digest goes out on `day`, which must be a send day for `frequency`. */
function periodSentOn(frequency: DigestFrequency, day: string, timeZone: string): DigestPeriod {
  const to = addDays(day, -1);
  let from: string;
  let key: string;
  switch (frequency) {
    case 'daily':
      from = to;
      key = `daily:${from}`;
      break;
    case 'weekdays':
      // Monday's digest takes the weekend along with Friday so no day goes unreported.
      from = weekdayOf(day) === 1 ? addDays(day, -3) : to;
      key = `weekdays:${from}`;
      break;
    case 'weekly':
      from = addDays(day, -7);
      key = `weekly:${from}`;
      break;
    case 'monthly':
      from = `${to.slice(0, 7)}-01`;
      key = `monthly:${to.slice(0, 7)}`;
      break;
  }
  return { key, from, to, sendAt: localSendInstant(day, timeZone) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to build and a job asks for the same few zones over and over. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // 'h23' rather than hour12: false, which some runtimes render as 24 at midnight.
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

/** How far the zone's clocks run ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClockAt(instant, timeZone);
  // The formatter drops milliseconds, so compare against the instant's whole second.
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - wholeSecond;
}

/** The first instant in (before, after] whose offset differs from the one at `before`. */
function transitionBetween(before: number, after: number, timeZone: string): number {
  const offsetBefore = offsetAt(before, timeZone);
  let lo = before;
  let hi = after;
  // Transitions fall on whole seconds, the formatter's resolution.
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (offsetAt(mid, timeZone) === offsetBefore) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The calendar day the clocks in `timeZone` show at `now`. */
export function localDay(now: Date, timeZone: string): string {
  const c = wallClockAt(now.getTime(), timeZone);
  return formatDay(Date.UTC(c.year, c.month - 1, c.day));
}

function parseDay(day: string): [number, number, number] {
  const match = DAY_PATTERN.exec(day);
  const parsed: [number, number, number] | undefined = match
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : undefined;
  // Date.UTC quietly rolls 2026-02-30 over to March; a day that does not round-trip is a typo.
  if (!parsed || formatDay(Date.UTC(parsed[0], parsed[1] - 1, parsed[2])) !== day) {
    throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  }
  return parsed;
}

function formatDay(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const [year, month, date] = parseDay(day);
  return formatDay(Date.UTC(year, month - 1, date + days));
}

/** 0 for Sunday … 6 for Saturday, as Date#getUTCDay counts. */
function weekdayOf(day: string): number {
  const [year, month, date] = parseDay(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}
