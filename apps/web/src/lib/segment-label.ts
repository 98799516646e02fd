import type { ReportFilters } from '@partner-portal/shared/report-data';

type Translate = (key: string, options: Record<string, string>) => string;

/**
 * The values a segment or a set of filters fixes, in the report's order: advertiser and campaign
 * by name, the others with what they are ("Acme Shoes · Spring · Channel: email · Country: DE").
 * The Insights panel names its segments with it, and the dashboards their filters.
 */
export function segmentLabel(segment: ReportFilters, t: Translate): string {
  return [
    segment.advertiser,
    segment.campaign,
    segment.channel && t('global.segment.channel', { value: segment.channel }),
    segment.country && t('global.segment.country', { value: segment.country }),
    segment.device && t('global.segment.device', { value: segment.device }),
  ]
    .filter(Boolean)
    .join(' · ');
}
