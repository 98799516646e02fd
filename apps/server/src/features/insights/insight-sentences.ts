/**
 * An insight in one sentence in the viewer's language, from its numbers: the API's `sentence`,
 * the digest's lines and the facts the optional narrative may use all come from here, so the
 * figures a reader sees are formatted one way.
 */
import type { Locale } from '@partner-portal/shared/constants';
import type { InsightMetric } from '@partner-portal/shared/insight-rules';
import { formatCount, formatMoney, formatPercent } from '@partner-portal/shared/report-format';
import type { EngineInsight } from './insight-types';
import type { Segment } from './engine/drivers-segments';
import { metricKind } from './insight-metrics';
import { INSIGHT_TEXT_EN, type InsightText } from './insight-text-en';
import { INSIGHT_TEXT_ES } from './insight-text-es';

const TEXT: Record<Locale, InsightText> = { en: INSIGHT_TEXT_EN, es: INSIGHT_TEXT_ES };
/** From here up a figure is shortened ("$41.2K"): a sentence is read, not reconciled. */
const COMPACT_FROM = 10_000;

function formatFigure(locale: Locale, metric: InsightMetric, value: number): string {
  const compact = Math.abs(value) >= COMPACT_FROM;
  return metricKind(metric) === 'money'
    ? formatMoney(locale, value, compact)
    : formatCount(locale, Math.round(value), compact);
}

function describeSegment(locale: Locale, segment: Segment): string {
  const name = [segment.advertiser, segment.campaign].filter(Boolean).join(' · ');
  return TEXT[locale].segment({
    ...(name ? { name } : {}),
    ...(segment.device ? { device: segment.device } : {}),
    ...(segment.country ? { country: segment.country } : {}),
    ...(segment.channel ? { channel: segment.channel } : {}),
  });
}

/**
 * One formatter per language and style: building an Intl.DateTimeFormat loads the locale's data
 * and cost more than the rest of a card's sentence (a cached insights answer spent 1.7 ms here).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function formatDay(locale: Locale, day: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dayFormats.set(key, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

export function describeInsight(locale: Locale, insight: EngineInsight): string {
  const text = TEXT[locale];
  const figure = (value: number) => formatFigure(locale, insight.metric, value);
  const metric = text.metrics[insight.metric];
  const segment =
    Object.keys(insight.segment).length === 0
      ? ''
      : text.ofSegment(describeSegment(locale, insight.segment));
  const delta = formatPercent(locale, insight.delta);
  const day = formatDay(locale, insight.period.from, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  switch (insight.type) {
    case 'anomaly':
      return text.anomaly({
        metric,
        segment,
        value: figure(insight.value),
        day,
        delta,
        expected: figure(insight.expected),
        weekday: formatDay(locale, insight.period.from, { weekday: 'long' }),
      });
    case 'shift':
      return text.shift({
        metric,
        segment,
        delta,
        day,
        days: insight.days ?? 3,
        expected: figure(insight.expected),
      });
    case 'mover':
      return text.mover({
        metric,
        segment,
        value: figure(insight.value),
        delta,
        expected: figure(insight.expected),
      });
    case 'driver': {
      const sentence = text.driver({
        metric,
        delta,
        value: figure(insight.value),
        expected: figure(insight.expected),
      });
      if (!insight.explains || insight.contributors.length === 0) return sentence;
      const share = insight.contributors.reduce((total, pick) => total + pick.share, 0);
      const named = insight.contributors.map((pick) => describeSegment(locale, pick.segment));
      return `${sentence} ${text.explained({ share: formatPercent(locale, share).replace(/^\+/, ''), segments: named })}`;
    }
    case 'pace':
      return text.pace({
        metric,
        key: insight.metric,
        value: figure(insight.value),
        low: figure(insight.interval?.low ?? insight.value),
        high: figure(insight.interval?.high ?? insight.value),
        delta: insight.expected > 0 ? delta : null,
      });
  }
}
