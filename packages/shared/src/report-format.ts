import type { Locale } from './constants';

/*
 * The figures of reports as the dashboards show them and the report digest mails them: one
 * formatting, so a digest's numbers read exactly like the tiles they summarise.
 */

/** Report money is in US dollars: the demo data's currency, and the one imports are read in. */
const REPORT_CURRENCY = 'USD';

type NumberKind = 'count' | 'money' | 'compactCount' | 'compactMoney' | 'percent';

// Spanish (like several locales) leaves four-digit numbers ungrouped by default (CLDR's minimum
// grouping digits), so "7885" sat beside "16.270" in one column. 'always' groups every figure the
// same way; engines before Intl.NumberFormat v3 read it as `true` (their own default grouping).
const GROUPING = { useGrouping: 'always' } as const;
// No forced decimals: a currency's own two would otherwise show as "$41.0K".
const COMPACT = {
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
} as const;
const MONEY = { style: 'currency', currency: REPORT_CURRENCY } as const;

const OPTIONS: Record<NumberKind, Intl.NumberFormatOptions> = {
  count: { ...GROUPING },
  money: { ...GROUPING, ...MONEY },
  compactCount: { ...GROUPING, ...COMPACT },
  compactMoney: { ...GROUPING, ...MONEY, ...COMPACT },
  percent: { ...GROUPING, style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' },
};

// A table formats hundreds of cells per render: one formatter per language and kind is enough.
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, kind: NumberKind): Intl.NumberFormat {
  const id = `${locale}:${kind}`;
  let format = formatters.get(id);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, OPTIONS[kind]);
    } catch {
      // An engine that validates useGrouping strictly but predates 'always'.
      format = new Intl.NumberFormat(locale, { ...OPTIONS[kind], useGrouping: true });
    }
    formatters.set(id, format);
  }
  return format;
}

export function formatCount(locale: Locale, value: number, compact = false): string {
  return numberFormat(locale, compact ? 'compactCount' : 'count').format(value);
}

export function formatMoney(locale: Locale, value: number, compact = false): string {
  return numberFormat(locale, compact ? 'compactMoney' : 'money').format(value);
}

/** Period-over-period change; null when there was nothing before to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

export function formatPercent(locale: Locale, value: number): string {
  return numberFormat(locale, 'percent').format(value);
}
