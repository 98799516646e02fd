/** A customer's time: the real clock moved by its test clock (`npm run admin -- billing-advance`). */
export function customerNow(realNow: Date, clockOffsetMs: number): Date {
  return new Date(realNow.getTime() + clockOffsetMs);
}

/** The same day `months` later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** The share of a period still ahead at `at`, between 0 and 1. */
export function remainingShare(start: Date, end: Date, at: Date): number {
  const whole = end.getTime() - start.getTime();
  if (whole <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - at.getTime()) / whole));
}
