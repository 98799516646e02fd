import type { InsightMetric } from '@partner-portal/shared/insight-rules';

/**
 * The insight sentences' English wording. Every figure arrives formatted (money, counts, percent,
 * days), so a template decides only the words around them.
 */
interface SegmentParts {
  name?: string;
  device?: string;
  country?: string;
  channel?: string;
}

export interface InsightText {
  metrics: Record<InsightMetric, string>;
  /** A noun phrase: "Acme Shoes · Spring Collection on mobile in DE", "traffic via search". */
  segment: (parts: SegmentParts) => string;
  /** The same after a metric: "for Acme Shoes", "for traffic in DE". */
  ofSegment: (phrase: string) => string;
  anomaly: (facts: {
    metric: string;
    segment: string;
    value: string;
    day: string;
    delta: string;
    expected: string;
    weekday: string;
  }) => string;
  shift: (facts: {
    metric: string;
    segment: string;
    delta: string;
    day: string;
    days: number;
    expected: string;
  }) => string;
  mover: (facts: {
    metric: string;
    segment: string;
    value: string;
    delta: string;
    expected: string;
  }) => string;
  driver: (facts: { metric: string; delta: string; value: string; expected: string }) => string;
  explained: (facts: { share: string; segments: string[] }) => string;
  pace: (facts: {
    metric: string;
    /** Which metric, for a language whose wording depends on it ("533 conversions", "$4K in revenue"). */
    key: InsightMetric;
    value: string;
    low: string;
    high: string;
    delta: string | null;
  }) => string;
  /** Joins two or three names: "A, B and C". */
  list: (items: string[]) => string;
}

/** A count is counted ("533 conversions"), an amount is in something ("$412K in revenue"). */
const PACE_NOUNS: Record<InsightMetric, string> = {
  revenue: 'in revenue',
  payout: 'in payouts',
  margin: 'in margin',
  clicks: 'clicks',
  conversions: 'conversions',
  impressions: 'impressions',
};

export const INSIGHT_TEXT_EN: InsightText = {
  metrics: {
    revenue: 'Revenue',
    payout: 'Payout',
    margin: 'Margin',
    clicks: 'Clicks',
    conversions: 'Conversions',
    impressions: 'Impressions',
  },
  segment: ({ name, device, country, channel }) =>
    [
      name ?? 'traffic',
      device && `on ${device}`,
      country && `in ${country}`,
      channel && `via ${channel}`,
    ]
      .filter(Boolean)
      .join(' '),
  ofSegment: (phrase) => ` for ${phrase}`,
  anomaly: ({ metric, segment, value, day, delta, expected, weekday }) =>
    `${metric}${segment} was ${value} on ${day}, ${delta} against the usual ${expected} for a ${weekday}.`,
  shift: ({ metric, segment, delta, day, days, expected }) =>
    `${metric}${segment} has run ${delta} against normal since ${day} (${days} of the last 7 days; a day usually brings ${expected}).`,
  mover: ({ metric, segment, value, delta, expected }) =>
    `${metric}${segment}: ${value} in the last 7 days, ${delta} on the 7 before (${expected}).`,
  driver: ({ metric, delta, value, expected }) =>
    `${metric} ${delta} week over week (${value}, against ${expected}).`,
  explained: ({ share, segments }) =>
    `${share} of it explained by ${INSIGHT_TEXT_EN.list(segments)}.`,
  pace: ({ key, value, low, high, delta }) =>
    `On pace for ${value} ${PACE_NOUNS[key]} this month (${low}–${high})${delta ? `, ${delta} on last month` : ''}.`,
  list: (items) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`,
};
