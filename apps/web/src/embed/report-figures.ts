import type { Locale } from '@partner-portal/shared/constants';
import {
  REPORT_METRICS,
  type BreakdownQuery,
  type ReportMetric,
} from '@partner-portal/shared/report-data';
import { formatCount, formatMoney } from '@partner-portal/shared/report-format';

export type SortKey = BreakdownQuery['sort'];
export type SortDir = BreakdownQuery['dir'];
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

/** The name column then every figure: the table's columns and the phone's sort choices. */
export const SORT_KEYS: readonly SortKey[] = ['key', ...REPORT_METRICS];

// What a partner reads first: the prominent figures of a phone card.
export const PRIORITY: readonly ReportMetric[] = ['revenue', 'payout'];
export const SECONDARY = REPORT_METRICS.filter((metric) => !PRIORITY.includes(metric));

/** One figure as the table and the cards both show it. */
export function formatMetric(locale: Locale, metric: ReportMetric, value: number): string {
  return metric === 'revenue' || metric === 'payout'
    ? formatMoney(locale, value)
    : formatCount(locale, value);
}
