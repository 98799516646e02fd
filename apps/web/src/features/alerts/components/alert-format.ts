import type { TFunction } from 'i18next';
import {
  RATIO_METRICS,
  type Alert,
  type AlertMetric,
  type AlertWindow,
} from '@partner-portal/shared/alerts';
import type { Locale } from '@partner-portal/shared/constants';
import { formatCount, formatMoney } from '@partner-portal/shared/report-format';
import { segmentLabel } from '@/lib/segment-label';

const MONEY_METRICS: readonly AlertMetric[] = ['revenue', 'payout', 'margin'];

export const isRatio = (metric: AlertMetric): boolean => RATIO_METRICS.includes(metric);
const isMoney = (metric: AlertMetric): boolean => MONEY_METRICS.includes(metric);

// A threshold on a ratio may be 3.15 %: two decimals, where the dashboards' changes show one.
const percentFormats = new Map<Locale, Intl.NumberFormat>();
function percentFormat(locale: Locale): Intl.NumberFormat {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  return format;
}

/** A fraction as a percentage, unsigned: 0.031 → "3.1%" ("3,1 %" in Spanish). */
function formatFraction(locale: Locale, fraction: number): string {
  return percentFormat(locale).format(Math.abs(fraction));
}

/** A value of `metric` as the dashboards write it: dollars, a count, or a ratio in percent. */
export function formatAlertValue(locale: Locale, metric: AlertMetric, value: number): string {
  if (isRatio(metric)) return formatFraction(locale, value);
  return isMoney(metric) ? formatMoney(locale, value) : formatCount(locale, value);
}

/** A data day (YYYY-MM-DD), as that calendar day wherever the reader is. */
export function formatDay(locale: Locale, day: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * What the alert watches as a sentence's subject: "Revenue of Acme Shoes" ("Los ingresos de
 * Acme Shoes"). Its verb agrees with the metric in each language ("Clicks are", "El margen
 * está"), so each language says which metrics are plural (`alerts.agreement`).
 */
function subject(t: TFunction, alert: Pick<Alert, 'metric' | 'filters'>) {
  const metric = t(`alerts.subject.${alert.metric}`);
  const scope = segmentLabel(alert.filters, t);
  return {
    subject: scope ? t('alerts.rule.scoped', { metric, scope }) : metric,
    context: t(`alerts.agreement.${alert.metric}`),
  };
}

const WINDOW_KEYS: Record<AlertWindow, string> = {
  day: 'alerts.rule.windows.day',
  week: 'alerts.rule.windows.week',
};

/**
 * The rule in words: "Revenue of Acme Shoes falls by at least 20% day over day", "CTR is below
 * 3.1%", "Clicks do something unusual".
 */
export function ruleSentence(
  t: TFunction,
  locale: Locale,
  alert: Pick<Alert, 'metric' | 'filters' | 'condition'>,
): string {
  const words = subject(t, alert);
  const { condition } = alert;
  switch (condition.type) {
    case 'threshold':
      return t(condition.op === '<' ? 'alerts.rule.below' : 'alerts.rule.above', {
        ...words,
        value: formatAlertValue(locale, alert.metric, condition.value),
      });
    case 'change':
      return t(condition.pct < 0 ? 'alerts.rule.fall' : 'alerts.rule.rise', {
        ...words,
        pct: formatFraction(locale, condition.pct / 100),
        window: t(WINDOW_KEYS[condition.window]),
      });
    case 'anomaly':
      return t('alerts.rule.anomaly', words);
  }
}
