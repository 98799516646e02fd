import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  needsPaymentAction,
  type BillingOverview,
  type PaymentsSettings,
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
import { handleApiError } from '@/lib/error-handler';
import { updateSession } from '@/lib/session-store';
import { billingKeys, choosePlan, plansQueryOptions } from '../api/billing-api';
import { authenticateWith } from './payment-authentication';
import { formatBillingDay, formatMoney } from '@partner-portal/shared/money';
import { PlanCards } from './plan-cards';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/** Sends a plan choice, approving a prorated payment when the card asks for it. */
function useChoosePlan(payments: PaymentsSettings) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (plan: PlanId): Promise<boolean> => {
    setBusy(true);
    try {
      let { data } = await choosePlan(plan);
      if (needsPaymentAction(data)) {
        if ((await authenticateWith(payments, data)) !== 'complete') {
          toast({ variant: 'error', title: t('billing.authenticate.failed') });
          return false;
        }
        ({ data } = await choosePlan(plan));
      }
      if (needsPaymentAction(data)) return false;
      updateSession({ plan: data.plan, subscription: data.subscription });
      const name = findPlan(data.scheduled_plan ?? data.plan)?.name ?? '';
      toast({
        variant: 'success',
        title:
          data.scheduled_plan && data.effective_at
            ? t('billing.change.scheduled', {
                plan: name,
                date: formatBillingDay(data.effective_at, i18n.language),
              })
            : t('billing.change.done', { plan: name }),
      });
      return true;
    } catch (error) {
      handleApiError(error);
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    }
  };
  return { busy, run };
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
  const { t } = useTranslation();
  const { data } = useQuery(plansQueryOptions());
  const [plan, setPlan] = useState<PlanId>(overview.plan);
  const { busy, run } = useChoosePlan({
    provider: overview.provider,
    publishable_key: overview.publishable_key,
  });
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
            onChange={setPlan}
            current={overview.plan}
            label={t('billing.plans.choose')}
            name="change-plan"
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('ui.confirm.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={plan === overview.plan}
            onClick={() => void run(plan).then((done) => done && onOpenChange(false))}
          >
            {t('billing.change.confirm')}
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
