import type { Locale } from '@partner-portal/shared/constants';

export function formatCount(locale: Locale, value: number, compact = false): string {
  return new Intl.NumberFormat(
    locale,
    compact ? { notation: 'compact', maximumFractionDigits: 1 } : {},
  ).format(value);
}

/** Report money is in US dollars (the demo data's currency). */
export function formatMoney(locale: Locale, value: number, compact = false): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
  }).format(value);
}

/** Period-over-period change; null when there was nothing before to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

export function formatPercent(locale: Locale, value: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** Chart.js draws on a canvas, which needs concrete colours for the current theme. */
export function chartColors(dark: boolean) {
  return dark
    ? { primary: '#818cf8', secondary: '#34d399', grid: '#374151', text: '#d1d5db' }
    : { primary: '#4f46e5', secondary: '#059669', grid: '#e5e7eb', text: '#374151' };
}

export const SERIES_PALETTE = ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#06b6d4', '#8b5cf6'];
