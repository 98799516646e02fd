import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  planAmountCents,
  planUnitCents,
  type Plan,
  type PlanId,
} from '@partner-portal/shared/plans';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatMoney } from '@partner-portal/shared/money';

/** What each plan includes, as the plan cards list it (billing.plans.<id>.features). */
const FEATURE_COUNT: Record<PlanId, number> = {
  free_core: 3,
  free_plus: 3,
  free_plus_ai: 2,
  free_pro: 2,
};

function PlanPrice({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  if (plan.price === 0) return <>{t('billing.plans.free')}</>;
  const money = (cents: number) => formatMoney(cents, plan.currency.code, i18n.language);
  const interval = t(`billing.interval.${plan.interval}`);
  return (
    <>
      {t(plan.perSeat ? 'billing.plans.price_per_seat' : 'billing.plans.price', {
        amount: money(planUnitCents(plan)),
        interval,
      })}
      {/* docs/billing.md "Prices": the least a per-seat plan costs, said before the card is asked. */}
      {plan.perSeat && plan.minSeats > 1 ? (
        <span className="block font-normal text-muted-foreground">
          {t('billing.plans.minimum_seats', {
            seats: plan.minSeats,
            minimum: money(planAmountCents(plan, plan.minSeats)),
            interval,
          })}
        </span>
      ) : null}
    </>
  );
}

/**
 * The plans side by side, each with its price and what it includes; a radio group, so the
 * keyboard moves between them with the arrow keys.
 */
export function PlanCards({
  plans,
  value,
  onChange,
  current,
  lockCurrent = false,
  name = 'plan',
  labelledBy,
  label,
}: {
  plans: readonly Plan[];
  value: PlanId | null;
  onChange: (plan: PlanId) => void;
  current?: PlanId | null;
  /** The plan held cannot be chosen (an upgrade to it would change nothing). */
  lockCurrent?: boolean;
  name?: string;
  labelledBy?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      className={cn(
        'grid gap-3 sm:grid-cols-2',
        plans.length > 3 ? 'xl:grid-cols-4' : plans.length === 3 ? 'lg:grid-cols-3' : '',
      )}
    >
      {plans.map((plan) => {
        const checked = plan.id === value;
        const locked = lockCurrent && plan.id === current;
        return (
          // The ring shows keyboard focus only (:focus-visible): the dialog puts focus on a plan
          // as it opens, and a ring drawn then read as a second selection.
          <label
            key={plan.id}
            className={cn(
              'relative grid content-start gap-3 rounded-lg border p-4 transition-colors has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring has-[input:focus-visible]:ring-offset-2 has-[input:focus-visible]:ring-offset-background',
              locked ? 'cursor-default opacity-70' : 'cursor-pointer hover:border-primary/60',
              checked ? 'border-primary bg-primary/5' : 'border-border bg-card',
            )}
          >
            <input
              type="radio"
              name={name}
              value={plan.id}
              checked={checked}
              disabled={locked}
              onChange={() => onChange(plan.id)}
              className="sr-only"
            />
            <span className="flex items-center justify-between gap-2">
              <span className="text-base font-semibold">{plan.name}</span>
              {plan.id === current ? (
                <Badge variant="secondary">{t('billing.plans.current')}</Badge>
              ) : checked ? (
                <Check aria-hidden className="size-5 text-primary" />
              ) : null}
            </span>
            <span className="text-sm font-medium">
              <PlanPrice plan={plan} />
            </span>
            <ul className="grid gap-1.5 text-sm text-muted-foreground">
              {Array.from({ length: FEATURE_COUNT[plan.id] }, (_, index) => (
                <li key={index} className="flex gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                  {t(`billing.plans.${plan.id}.features.${index}`)}
                </li>
              ))}
            </ul>
          </label>
        );
      })}
    </div>
  );
}
