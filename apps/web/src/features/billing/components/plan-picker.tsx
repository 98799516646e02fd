import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { needsPaymentAction } from '@partner-portal/shared/billing';
import { PlanIdSchema, type PlanId } from '@partner-portal/shared/plans';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { handleApiError } from '@/lib/error-handler';
import { navigateTo } from '@/lib/navigation';
import { updateSession } from '@/lib/session-store';
import { choosePlan, plansQueryOptions } from '../api/billing-api';
import { PlanCards } from './plan-cards';

/**
 * docs/product.md#screens-and-routes "Signup plan": the plans side by side (default from ?id=). The free plan is set at
 * once and the user goes to /welcome; a paid plan answers 402, which the central handler turns
 * into the upgrade screen with that plan (docs/product.md#errors).
 */
export function PlanPicker({ defaultPlan }: { defaultPlan?: string | null }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { data, isPending } = useQuery(plansQueryOptions());
  const [chosen, setChosen] = useState<PlanId | null>(null);
  const [saving, setSaving] = useState(false);
  if (isPending || !data) return <Spinner label={t('ui.loading')} />;
  const value = chosen ?? PlanIdSchema.safeParse(defaultPlan).data ?? data.active ?? 'free_core';

  const save = async () => {
    setSaving(true);
    try {
      const { data: result } = await choosePlan(value);
      // Choosing a plan without a subscription never starts a payment here.
      if (needsPaymentAction(result)) throw new Error('unexpected payment action');
      updateSession({ plan: result.plan, subscription: result.subscription });
      navigateTo('/welcome', { replace: true });
    } catch (error) {
      handleApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-4">
      {/* The page's heading already says it; screen readers still get the group's name. */}
      <p id={labelId} className="sr-only">
        {t('billing.plans.choose')}
      </p>
      <PlanCards
        plans={data.plans}
        value={value}
        onChange={setChosen}
        current={data.active}
        labelledBy={labelId}
      />
      <Button onClick={() => void save()} loading={saving} className="sm:w-fit sm:justify-self-end">
        {t('auth.plan.submit')}
      </Button>
    </div>
  );
}
