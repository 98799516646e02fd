import type { Locale } from '@partner-portal/shared/constants';
import type { ReportRange } from '@partner-portal/shared/report-data';

// Report days are calendar days, not instants: read and show them in UTC so no viewer's time
// zone moves one to the day before.
const DAY = { day: 'numeric', month: 'short', timeZone: 'UTC' } as const;
const DAY_AND_YEAR = { ...DAY, year: 'numeric' } as const;

// Building an Intl.DateTimeFormat costs far more than formatting with one (a chart's axis asks
// for dozens of days, a range menu for every preset): one per locale and style, kept.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(locale: Locale, style: 'day' | 'dayAndYear'): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, style === 'day' ? DAY : DAY_AND_YEAR);
    formats.set(key, format);
  }
  return format;
}

function utcDay(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** "Oct 25 – Nov 23, 2026" / "25 oct – 23 nov 2026": the API's ISO range as the viewer reads it. */
export function formatDateRange(locale: Locale, range: ReportRange): string {
  const format = formatOf(locale, 'dayAndYear');
  const from = utcDay(range.from);
  const to = utcDay(range.to);
  // formatRange throws when the start is after the end; show both ends as they are then.
  return typeof format.formatRange === 'function' && from <= to
    ? format.formatRange(from, to)
    : `${format.format(from)} – ${format.format(to)}`;
}

/** A chart axis day: "Oct 25" / "25 oct" (the range label above the chart carries the year). */
export function formatDay(locale: Locale, iso: string): string {
  return formatOf(locale, 'day').format(utcDay(iso));
}

/** A tooltip's day, with the year: "Oct 25, 2026" / "25 oct 2026". */
export function formatFullDay(locale: Locale, iso: string): string {
  return formatOf(locale, 'dayAndYear').format(utcDay(iso));
}
