import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlansResponseSchema, SelectPlanResponseSchema } from '@partner-portal/shared/identity';
import type { Plan, PlanId } from '@partner-portal/shared/plans';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { navigateTo } from '@/lib/navigation';
import { updateSession } from '@/lib/session-store';

export const plansQueryOptions = () => ({
  queryKey: ['account', 'plans'] as const,
  queryFn: async () => (await api.get('/api/account/plans', { schema: PlansResponseSchema })).data,
});

function planLabel(
  plan: Plan,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  return plan.price === 0
    ? `${plan.name} — ${t('auth.plan.free')}`
    : `${plan.name} — ${t('auth.plan.price', { price: `${plan.currency.symbol}${plan.price}`, interval: t(`auth.plan.interval_${plan.interval}`) })}`;
}

/**
 * Spec §2 "Signup plan": a select (default from ?id=); success records the choice (server) and
 * goes to /welcome; a plan that needs a card answers 402, which the central handler turns into
 * the upgrade screen.
 */
export function PlanPicker({ defaultPlan }: { defaultPlan?: string | null }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(plansQueryOptions());
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  if (isPending || !data) return <Spinner label={t('ui.loading')} />;
  const value =
    chosen ??
    (data.plans.some((p) => p.id === defaultPlan)
      ? (defaultPlan ?? undefined)
      : (data.active ?? 'free_core'));

  const save = async () => {
    if (!value) return;
    setSaving(true);
    try {
      const { data: result } = await api.post(
        '/api/account/plan',
        { plan: value as PlanId },
        { schema: SelectPlanResponseSchema },
      );
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
      <div className="grid gap-1.5">
        <Label htmlFor="plan">{t('auth.plan.label')}</Label>
        <Select
          id="plan"
          value={value}
          onValueChange={setChosen}
          options={data.plans.map((plan) => ({ value: plan.id, label: planLabel(plan, t) }))}
        />
      </div>
      <Button onClick={() => void save()} loading={saving}>
        {t('auth.plan.submit')}
      </Button>
    </div>
  );
}
