import { isTimeZone } from '@partner-portal/shared/digests';
import { addDays } from '../../lib/utc-days';
import { localDay, localWallTimeToInstant } from '../digests/digest-periods';

/** The zone an alert's day closes in: its owner's, or UTC while they have not set one. */
export function alertZone(timezone: string | null): string {
  return timezone && isTimeZone(timezone) ? timezone : 'UTC';
}

/** The first midnight after `now` on the clocks of `timeZone`: when the owner's day ends. */
export function nextDayClose(now: Date, timeZone: string): Date {
  return localWallTimeToInstant(addDays(localDay(now, timeZone), 1), 0, 0, timeZone);
}

/** The day that ended at the close `at` (the local day just before it). */
export function dayClosedAt(at: Date, timeZone: string): string {
  return localDay(new Date(at.getTime() - 1), timeZone);
}

/** The last day that had ended by `at` in `timeZone`: yesterday on the owner's clocks. */
export function lastClosedDay(at: Date, timeZone: string): string {
  return addDays(localDay(at, timeZone), -1);
}
