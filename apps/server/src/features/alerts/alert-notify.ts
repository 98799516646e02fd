import { eq } from 'drizzle-orm';
import { RATIO_METRICS, type AlertMetric } from '@partner-portal/shared/alerts';
import { toLocale, type Locale } from '@partner-portal/shared/constants';
import { activeFilters, writeReportFocus } from '@partner-portal/shared/report-data';
import { users, type alerts } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { renderMail } from '../../lib/mail/mail-templates';
import { queueWebhook } from '../../lib/webhook-queue';
import { addDays } from '../../lib/utc-days';
import type { Evaluation } from './alert-condition';

type AlertRow = typeof alerts.$inferSelect;

const METRIC_NAMES: Record<Locale, Record<AlertMetric, string>> = {
  en: {
    revenue: 'Revenue',
    payout: 'Payout',
    margin: 'Margin',
    conversions: 'Conversions',
    clicks: 'Clicks',
    impressions: 'Impressions',
    ctr: 'CTR',
    cvr: 'Conversion rate',
  },
  es: {
    revenue: 'Los ingresos',
    payout: 'El pago',
    margin: 'El margen',
    conversions: 'Las conversiones',
    clicks: 'Los clics',
    impressions: 'Las impresiones',
    ctr: 'El CTR',
    cvr: 'La tasa de conversión',
  },
};

const COMPARED: Record<Locale, Record<AlertRow['condition']['type'], string>> = {
  en: {
    threshold: 'your limit is {{comparison}}',
    change: 'against {{comparison}} the period before',
    anomaly: 'where {{comparison}} was expected',
  },
  es: {
    threshold: 'tu límite es {{comparison}}',
    change: 'frente a {{comparison}} el periodo anterior',
    anomaly: 'cuando se esperaba {{comparison}}',
  },
};

function formatFigure(metric: AlertMetric, value: number | null, locale: Locale): string {
  if (value === null) return '—';
  if (RATIO_METRICS.includes(metric)) {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      value,
    );
  }
  const money = metric === 'revenue' || metric === 'payout' || metric === 'margin';
  return new Intl.NumberFormat(locale, {
    ...(money ? { style: 'currency', currency: 'USD' } : {}),
    maximumFractionDigits: money ? 2 : 0,
  }).format(value);
}

/**
 * Tells the alert's owner it fired (docs/product.md#metric-alerts): a mail in their language
 * with the figure, what it was held against and a link that opens the dashboard on that slice
 * and week, and/or an `alert.triggered` webhook to the account's endpoints. In the caller's
 * transaction: the notice exists exactly when the state change does.
 */
export async function notifyTriggered(
  ctx: AppContext,
  alert: AlertRow,
  day: string,
  result: Evaluation,
): Promise<void> {
  const metric = alert.metric as AlertMetric;
  if (alert.channels.includes('webhook')) {
    await queueWebhook(ctx.db, ctx.now(), alert.accountId, 'alert.triggered', {
      account_id: alert.accountId,
      alert_id: alert.id,
      name: alert.name,
      metric,
      value: result.value ?? 0,
      comparison: result.comparison,
      day,
    });
  }
  if (!alert.channels.includes('email')) return;
  const [owner] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, alert.userId));
  if (!owner) return;
  const locale = toLocale(owner.locale);
  const focus = writeReportFocus(new URLSearchParams(), {
    filters: alert.filters,
    range: { from: addDays(day, -6), to: day },
  });
  const slice = activeFilters(alert.filters)
    .map(([, value]) => value)
    .join(' · ');
  const comparison = COMPARED[locale][alert.condition.type].replace(
    '{{comparison}}',
    formatFigure(metric, result.comparison, locale),
  );
  await ctx.mail.send(
    {
      to: owner.email,
      ...renderMail('alert_triggered', locale, {
        name: owner.firstName ?? '',
        alert: alert.name,
        metric: METRIC_NAMES[locale][metric],
        slice: slice ? ` (${slice})` : '',
        value: formatFigure(metric, result.value, locale),
        comparison,
        day,
        link: `${ctx.config.appUrl}/dashboard/core?${focus.toString()}`,
      }),
      template: 'alert_triggered',
      locale,
    },
    ctx.db,
  );
}
