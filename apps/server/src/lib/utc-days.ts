export const DAY_MS = 86_400_000;

/**
 * The API's date filters name whole UTC days (`YYYY-MM-DD`, already checked by the schema); a
 * range is [start of `from`, start of the day after `to`), so `to` counts whole.
 */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The first instant after `day`: the exclusive end of a range that ends on it. */
export const dayAfter = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS);

/** The calendar day `days` after `day` (before, when negative), as `YYYY-MM-DD`. */
export const addDays = (day: string, days: number): string =>
  new Date(dayStart(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
