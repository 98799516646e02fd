import type { Locale } from '@partner-portal/shared/constants';
import type { InsightMetric } from '@partner-portal/shared/insight-rules';
import { formatCount, formatMoney, formatPercent } from '@partner-portal/shared/report-format';

const MONEY: ReadonlySet<InsightMetric> = new Set(['revenue', 'payout', 'margin']);

/** A figure of `metric` as the dashboards write it. */
export function formatInsightFigure(locale: Locale, metric: InsightMetric, value: number): string {
  return MONEY.has(metric) ? formatMoney(locale, value) : formatCount(locale, Math.round(value));
}

/** A share of a change, unsigned: "70 %". */
export function formatShare(locale: Locale, share: number): string {
  return formatPercent(locale, share).replace(/^[+]/, '');
}
