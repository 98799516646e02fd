import { useTranslation } from 'react-i18next';
import type { PlanPreview } from '@partner-portal/shared/billing';
import { formatBillingDay, formatMoney } from '@partner-portal/shared/money';
import { findPlan, type PlanId } from '@partner-portal/shared/plans';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The price per period of the plan a change moves to. */
function RecurringLine({ preview }: { preview: PlanPreview }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, preview.currency, i18n.language);
  const interval = t(`billing.interval.${preview.recurring.interval}`);
  if (preview.recurring.amount === 0) return <>{t('billing.preview.then_free')}</>;
  return (
    <>
      {t(preview.recurring.seats ? 'billing.preview.then_seats' : 'billing.preview.then', {
        amount: money(preview.recurring.amount),
        interval,
        count: preview.recurring.seats ?? 1,
        date: preview.next_billing_date
          ? formatBillingDay(preview.next_billing_date, i18n.language, 'long')
          : '',
      })}
    </>
  );
}

/**
 * What confirming a plan change does (docs/billing.md "Changing plans"), said before it does it:
 * an upgrade's charge today with the credit for the unused part of the current plan, then the
 * new price and its next billing date; a move down, when it takes effect and what it costs then.
 */
export function PlanChangeSummary({
  current,
  preview,
  loading,
  failed,
  onRetry,
}: {
  current: PlanId;
  preview: PlanPreview | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (loading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label={t('billing.preview.loading')} />
        <span aria-hidden>{t('billing.preview.loading')}</span>
      </p>
    );
  }
  if (failed || !preview) {
    return failed ? (
      <p className="flex flex-wrap items-center gap-2 text-sm text-destructive" role="alert">
        {t('billing.preview.failed')}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('billing.preview.retry')}
        </Button>
      </p>
    ) : null;
  }
  const money = (cents: number) => formatMoney(cents, preview.currency, i18n.language);
  const planName = findPlan(preview.plan)?.name ?? preview.plan;
  const currentName = findPlan(current)?.name ?? current;
  const due = preview.due_today;
  return (
    <section
      aria-label={t('billing.preview.title')}
      data-testid="plan-change-summary"
      className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm"
    >
      {due ? (
        <>
          <dl className="grid gap-1">
            <div className="flex justify-between gap-4">
              <dt>{t('billing.preview.charge', { plan: planName })}</dt>
              <dd className="tabular-nums">{money(due.charge)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('billing.preview.credit', { plan: currentName })}</dt>
              <dd className="tabular-nums">−{money(due.credit)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t pt-1 font-semibold">
              <dt>{t('billing.preview.due_today')}</dt>
              <dd className="tabular-nums" data-testid="plan-change-due">
                {money(Math.max(0, due.total))}
              </dd>
            </div>
          </dl>
          <p className="text-muted-foreground">
            <RecurringLine preview={preview} />
          </p>
        </>
      ) : preview.takes_effect === 'period_end' ? (
        <>
          <p>
            {t('billing.preview.later', {
              plan: planName,
              current: currentName,
              date: formatBillingDay(preview.effective_at, i18n.language, 'long'),
            })}
          </p>
          <p className="text-muted-foreground">
            {t('billing.preview.nothing_today')} <RecurringLine preview={preview} />
          </p>
        </>
      ) : (
        <p className="text-muted-foreground">
          <RecurringLine preview={preview} />
        </p>
      )}
    </section>
  );
}
