import { chartAnimation } from '@/embed/chart-animation';
import { chartColors } from '@/embed/chart-colors';

/*
 * The console's charts look like the built-in dashboards' (embed/charts.tsx): their colours,
 * grid and text for the theme, and the same animation (none for someone who asked for less motion). Only the chart modules, loaded with
 * React.lazy on the console's screens, import this and Chart.js.
 */

// After the dashboards' two series colours, distinct hues for up to eight names and "other".
const SERIES_LIGHT = ['#d97706', '#dc2626', '#0891b2', '#7c3aed', '#db2777', '#65a30d'];
const SERIES_DARK = ['#fbbf24', '#f87171', '#22d3ee', '#a78bfa', '#f472b6', '#a3e635'];
const OTHER = { light: '#6b7280', dark: '#9ca3af' };

export function chartTheme(dark: boolean) {
  const colors = chartColors(dark);
  return {
    ...colors,
    animation: chartAnimation(),
    /** The colour of the n-th series of a stacked chart; `other` is grey. */
    series: (index: number, other = false) => {
      if (other) return dark ? OTHER.dark : OTHER.light;
      const palette = [colors.primary, colors.secondary, ...(dark ? SERIES_DARK : SERIES_LIGHT)];
      return palette[index % palette.length] ?? colors.primary;
    },
  };
}

/** A chart axis day of the API ("2026-11-23") as "Nov 23", read in UTC so no time zone moves it. */
export function axisDay(locale: string, iso: string): string {
  const at = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(at);
}
