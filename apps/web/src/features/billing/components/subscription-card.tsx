import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  needsPaymentAction,
  type BillingOverview,
  type PaymentsSettings,
  type PlanPreview,
} from '@partner-portal/shared/billing';
import { billableSeats, findPlan, type PlanId } from '@partner-portal/shared/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { openConfirmDialog } from '@/components/ui/confirm-dialog-store';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { updateSession } from '@/lib/session-store';
import {
  billingKeys,
  choosePlan,
  planPreviewQueryOptions,
  plansQueryOptions,
} from '../api/billing-api';
import { authenticateWith } from './payment-authentication';
import { formatBillingDay, formatMoney } from '@partner-portal/shared/money';
import { PlanCards } from './plan-cards';
import { PlanChangeSummary } from './plan-change-summary';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/** Sends a plan choice, approving a prorated payment when the card asks for it. */
function useChoosePlan(payments: PaymentsSettings) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** Answers whether the plan changed; a quote the server found out of date throws for the caller. */
  const run = async (plan: PlanId, quote?: string | null): Promise<boolean> => {
    setBusy(true);
    try {
      let { data } = await choosePlan(plan, quote);
      if (needsPaymentAction(data)) {
        if ((await authenticateWith(payments, data)) !== 'complete') {
          toast({ variant: 'error', title: t('billing.authenticate.failed') });
          return false;
        }
        ({ data } = await choosePlan(plan, quote));
      }
      if (needsPaymentAction(data)) return false;
      updateSession({ plan: data.plan, subscription: data.subscription });
      const name = findPlan(data.scheduled_plan ?? data.plan)?.name ?? '';
      const charged = data.charged;
      toast({
        variant: 'success',
        title:
          data.scheduled_plan && data.effective_at
            ? t('billing.change.scheduled', {
                plan: name,
                date: formatBillingDay(data.effective_at, i18n.language),
              })
            : t('billing.change.done', { plan: name }),
        ...(charged
          ? {
              description: t('billing.change.charged', {
                amount: formatMoney(charged.amount, charged.currency, i18n.language),
                invoice: charged.invoice_number,
              }),
              action: {
                text: t('billing.change.view_invoice'),
                onClick: () =>
                  void navigate(
                    `/account/billing/invoice?id=${encodeURIComponent(charged.invoice_id)}`,
                  ),
              },
            }
          : {}),
      });
      return true;
    } catch (error) {
      if (isQuoteExpired(error)) throw error;
      handleApiError(error);
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    }
  };
  return { busy, run };
}

const isQuoteExpired = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.inputError === 'quote';

/** The confirm button says what it does: pay the amount shown, or switch on a date. */
function confirmLabel(t: TFunction, preview: PlanPreview | undefined, language: string): string {
  if (!preview) return t('billing.change.confirm');
  if (preview.due_today && preview.due_today.total > 0) {
    return t('billing.change.confirm_pay', {
      amount: formatMoney(preview.due_today.total, preview.currency, language),
    });
  }
  if (preview.takes_effect === 'period_end') {
    return t('billing.change.confirm_later', {
      date: formatBillingDay(preview.effective_at, language),
    });
  }
  return t('billing.change.confirm');
}

function ChangePlanDialog({
  overview,
  open,
  onOpenChange,
}: {
  overview: BillingOverview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(plansQueryOptions());
  const [plan, setPlan] = useState<PlanId>(overview.plan);
  const [stale, setStale] = useState(false);
  const changing = plan !== overview.plan;
  const preview = useQuery({ ...planPreviewQueryOptions(plan), enabled: open && changing });
  const { busy, run } = useChoosePlan({
    provider: overview.provider,
    publishable_key: overview.publishable_key,
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  // On a phone the summary is below the plans: bring it into view once it says something.
  useEffect(() => {
    if (preview.data) summaryRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [preview.data]);
  const confirm = async () => {
    try {
      if (await run(plan, preview.data?.quote)) onOpenChange(false);
    } catch {
      // The amount moved on (the quote expired); the refreshed billing queries bring the new
      // one, for the owner to confirm.
      setStale(true);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t('billing.change.title')}</DialogTitle>
          <DialogDescription>{t('billing.change.description')}</DialogDescription>
        </DialogHeader>
        {data ? (
          <PlanCards
            plans={data.plans}
            value={plan}
            onChange={(next) => {
              setStale(false);
              setPlan(next);
            }}
            current={overview.plan}
            label={t('billing.plans.choose')}
            name="change-plan"
          />
        ) : null}
        {changing ? (
          <div aria-live="polite" className="grid scroll-mb-36 gap-2" ref={summaryRef}>
            {stale && !preview.isFetching ? (
              <p className="text-sm font-medium">{t('billing.preview.updated')}</p>
            ) : null}
            <PlanChangeSummary
              current={overview.plan}
              preview={preview.data}
              loading={preview.isFetching}
              failed={preview.isError}
              onRetry={() => void preview.refetch()}
            />
          </div>
        ) : null}
        {/* Stays in view while the plans scroll on a phone: it names what confirming does. */}
        <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-card px-6 py-4">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('ui.confirm.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={!changing || !preview.data || preview.isFetching}
            onClick={() => void confirm()}
          >
            {confirmLabel(t, changing ? preview.data : undefined, i18n.language)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The plan and what it costs (seats × seat price on per-seat plans), its status, the billing
 * cycle and the next invoice; changing plans, cancelling at the period end and undoing either.
 */
export function SubscriptionCard({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation();
  const [changing, setChanging] = useState(false);
  const { busy, run } = useChoosePlan({
    provider: overview.provider,
    publishable_key: overview.publishable_key,
  });
  const plan = findPlan(overview.plan);
  const money = (cents: number) => formatMoney(cents, overview.currency, i18n.language);
  const day = (iso: string) => formatBillingDay(iso, i18n.language);
  const paying = overview.period !== null;
  const scheduled = overview.scheduled_plan ? findPlan(overview.scheduled_plan) : null;

  const cancel = async () => {
    const confirmed = await openConfirmDialog({
      title: t('billing.cancel.title'),
      description: t('billing.cancel.body', {
        date: overview.period ? day(overview.period.end) : '',
      }),
      buttonText: t('billing.cancel.confirm'),
      destructive: true,
    });
    if (confirmed) await run('free_core');
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            {plan?.name}
            <SubscriptionStatusBadge status={overview.status} />
          </CardTitle>
          <CardDescription data-testid="billing-price">
            {overview.amount === 0
              ? t('billing.plans.free')
              : overview.seats
                ? t(
                    // Fewer members than the plan's minimum: the minimum is what is billed.
                    plan && billableSeats(plan, overview.seats.count) > overview.seats.count
                      ? 'billing.overview.seats_minimum'
                      : 'billing.overview.seats_price',
                    {
                      count: overview.seats.count,
                      seats: plan?.minSeats,
                      price: money(overview.seats.price),
                      amount: money(overview.amount),
                      interval: t(`billing.interval.${overview.interval}`),
                    },
                  )
                : t('billing.plans.price', {
                    amount: money(overview.amount),
                    interval: t(`billing.interval.${overview.interval}`),
                  })}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {paying ? (
            <Button variant="outline" onClick={() => setChanging(true)}>
              {t('billing.change.open')}
            </Button>
          ) : (
            <Button asChild>
              <Link to="/account/upgrade">{t('billing.overview.upgrade')}</Link>
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {overview.period ? (
          <p>
            {t('billing.overview.cycle', {
              start: day(overview.period.start),
              end: day(overview.period.end),
            })}
          </p>
        ) : null}
        {overview.next_invoice ? (
          <p>
            {t('billing.overview.next_invoice', {
              date: day(overview.next_invoice.date),
              amount: money(overview.next_invoice.amount),
            })}
          </p>
        ) : null}
        {scheduled && overview.period ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-info/40 bg-info/10 p-3">
            <p className="flex-1">
              {t('billing.overview.scheduled', {
                plan: scheduled.name,
                date: day(overview.period.end),
                current: plan?.name ?? '',
              })}
            </p>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              onClick={() => void run(overview.plan)}
            >
              {t('billing.overview.undo')}
            </Button>
          </div>
        ) : paying ? (
          <Button
            variant="ghost"
            className="w-fit px-0 text-destructive hover:bg-transparent hover:underline"
            onClick={() => void cancel()}
          >
            {t('billing.cancel.open')}
          </Button>
        ) : null}
      </CardContent>
      {paying ? (
        <ChangePlanDialog
          key={String(changing)}
          overview={overview}
          open={changing}
          onOpenChange={setChanging}
        />
      ) : null}
    </Card>
  );
}
