import type { ReportRange } from '@partner-portal/shared/report-data';

export const RANGE_PRESETS = ['7d', '30d', '90d', 'month', 'year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysAgo(today: Date, days: number): string {
  return isoDay(new Date(today.getTime() - days * 86_400_000));
}

/** A preset's range up to today, both ends included (the default is the last 30 days). */
export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  today = new Date(),
): ReportRange {
  const to = isoDay(today);
  switch (preset) {
    case '7d':
      return { from: daysAgo(today, 6), to };
    case '30d':
      return { from: daysAgo(today, 29), to };
    case '90d':
      return { from: daysAgo(today, 89), to };
    case 'month':
      return { from: `${to.slice(0, 7)}-01`, to };
    case 'year':
      return { from: `${to.slice(0, 4)}-01-01`, to };
  }
}

/** The preset a range is (the first that gives exactly it), or `custom`. */
export function presetOf(range: ReportRange, today = new Date()): RangePreset {
  const match = RANGE_PRESETS.find((preset) => {
    if (preset === 'custom') return false;
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
  return match ?? 'custom';
}
