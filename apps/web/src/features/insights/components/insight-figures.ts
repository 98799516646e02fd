import type { Locale } from '@partner-portal/shared/constants';
import type { InsightMetric } from '@partner-portal/shared/insight-rules';
import type { InsightSegment } from '@partner-portal/shared/insights';
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

type Translate = (key: string, options: Record<string, string>) => string;

/**
 * The values a segment fixes, in the report's order: advertiser and campaign by name, the others
 * with what they are ("Acme Shoes · Spring · Channel: email · Country: DE").
 */
export function segmentLabel(segment: InsightSegment, t: Translate): string {
  return [
    segment.advertiser,
    segment.campaign,
    segment.channel && t('insights.why.dimension.channel', { value: segment.channel }),
    segment.country && t('insights.why.dimension.country', { value: segment.country }),
    segment.device && t('insights.why.dimension.device', { value: segment.device }),
  ]
    .filter(Boolean)
    .join(' · ');
}
