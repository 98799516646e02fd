import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PAID_PLAN_IDS,
  type PaymentsSettings,
  type UpgradeResponse,
} from '@partner-portal/shared/billing';
import {
  findPlan,
  PlanIdSchema,
  planAmountCents,
  planUnitCents,
  type PlanId,
} from '@partner-portal/shared/plans';
import { UPGRADE_REDIRECT_DELAY_MS } from '@partner-portal/shared/constants';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import type { FormValues } from '@/components/form/use-form-submit';
import { Spinner } from '@/components/ui/spinner';
import { navigateTo } from '@/lib/navigation';
import { updateSession } from '@/lib/session-store';
import { billingKeys, plansQueryOptions, upgradePlan } from '../api/billing-api';
import { AuthenticationDialogHost } from './authentication-dialog';
import { formatMoney } from '@partner-portal/shared/money';
import { cardFieldDefinition, cardPaymentFlow } from './card-field';
import { PlanCards } from './plan-cards';
import { TestModeNote } from './test-mode-note';

// Until the catalogue answers, no card form is drawn; this only keeps the hooks' order fixed.
const LOCAL_PAYMENTS: PaymentsSettings = { provider: 'local', publishable_key: null };

/**
 * docs/product.md#screens-and-routes "Upgrade": a paid plan (preselected by ?plan=) and the card. The form turns the card
 * into a token, posts POST /api/account/upgrade, confirms a payment that needs its holder and
 * repeats the call (docs/product.md#api-calls). On success the stored user gets the plan, and the user goes to the
 * Plus dashboard 2.5 s later (docs/product.md#states-and-transitions "Upgrade success").
 */
export function UpgradeForm({ preselected }: { preselected: string | null }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(plansQueryOptions());
  const initial = PlanIdSchema.safeParse(preselected).data;
  const [wanted, setPlan] = useState<PlanId>(
    initial && initial !== 'free_core' ? initial : 'free_plus',
  );
  // The plan held is not on offer (the server answers 409 to it): the next one up stands in.
  const held = data?.active ?? null;
  const plan =
    wanted === held
      ? (PAID_PLAN_IDS.slice(PAID_PLAN_IDS.indexOf(held) + 1)[0] ??
        PAID_PLAN_IDS.find((id) => id !== held) ??
        wanted)
      : wanted;
  const redirect = useRef<number | null>(null);
  useEffect(() => () => window.clearTimeout(redirect.current ?? undefined), []);
  // The plan is chosen outside the form (the cards), so the payload takes it when it is sent.
  const planRef = useRef(plan);
  planRef.current = plan;

  const payments = data?.payments ?? LOCAL_PAYMENTS;
  const inputs = useMemo<FormInputs>(
    () => ({ token: cardFieldDefinition(t, payments) }),
    [t, payments],
  );
  const payment = useMemo(() => {
    const flow = cardPaymentFlow<UpgradeResponse>(t, payments);
    return {
      ...flow,
      preparePayload: (values: FormValues) =>
        flow.preparePayload({ ...values, plan: planRef.current }),
    };
  }, [t, payments]);

  if (isPending || !data) return <Spinner label={t('ui.loading')} />;
  const paid = data.plans.filter((entry) => PAID_PLAN_IDS.includes(entry.id));
  const chosen = findPlan(plan);

  const onSuccess = (answer: UpgradeResponse) => {
    if ('requires_payment_action' in answer) return;
    updateSession({ plan: answer.plan, subscription: answer.subscription });
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    redirect.current = window.setTimeout(
      () => navigateTo('/dashboard/plus'),
      UPGRADE_REDIRECT_DELAY_MS,
    );
  };

  return (
    <div className="grid gap-6">
      <section className="grid gap-3">
        <h2 id={labelId} className="text-base font-semibold">
          {t('billing.upgrade.choose')}
        </h2>
        <PlanCards
          plans={paid}
          value={plan}
          onChange={setPlan}
          current={data.active}
          lockCurrent
          labelledBy={labelId}
        />
      </section>
      <section className="grid max-w-xl gap-4">
        <h2 className="text-base font-semibold">{t('billing.upgrade.pay')}</h2>
        {payments.provider === 'local' ? <TestModeNote /> : null}
        <Form<UpgradeResponse>
          request={upgradePlan}
          inputs={inputs}
          payment={payment}
          onSuccess={onSuccess}
          buttonText={t('billing.upgrade.submit', { plan: chosen?.name ?? '' })}
        >
          {chosen ? (
            <p className="text-sm text-muted-foreground" data-testid="upgrade-summary">
              {t(chosen.perSeat ? 'billing.upgrade.summary_per_seat' : 'billing.upgrade.summary', {
                amount: formatMoney(planUnitCents(chosen), chosen.currency.code, i18n.language),
                seats: chosen.minSeats,
                minimum: formatMoney(
                  planAmountCents(chosen, chosen.minSeats),
                  chosen.currency.code,
                  i18n.language,
                ),
                interval: t(`billing.interval.${chosen.interval}`),
              })}
            </p>
          ) : null}
        </Form>
      </section>
      <AuthenticationDialogHost />
    </div>
  );
}
