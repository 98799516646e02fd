import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { formatMoney } from '@partner-portal/shared/money';
import { hasPermission, type Permission } from '@partner-portal/shared/permissions';
import { findPlan, planUnitCents, type PlanId } from '@partner-portal/shared/plans';
import { Button } from '@/components/ui/button';

/**
 * The next plan up, offered beside or below a dashboard's workbook (never above it): what it adds
 * to this page and what it costs, with the way to it for those who may pay and "ask an
 * administrator" for the others. An offer, not a warning: nothing is wrong with the plan held.
 */
export function NextPlanOffer({ plan, permission }: { plan: PlanId; permission: Permission }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const offered = findPlan(plan);
  if (!offered) return null;
  const price = t('billing.plans.price', {
    amount: formatMoney(planUnitCents(offered), offered.currency.code, i18n.language),
    interval: t(`billing.interval.${offered.interval}`),
  });
  return (
    <section
      aria-labelledby={headingId}
      data-testid="next-plan-offer"
      className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Sparkles aria-hidden className="size-4 text-primary" />
        {t('dashboards.offer.title', { plan: offered.name })}
      </h2>
      <p className="text-sm text-muted-foreground">{t(`dashboards.offer.body.${plan}`)}</p>
      <p className="text-sm font-medium">{price}</p>
      {hasPermission(permission, 'admin') ? (
        <Button asChild size="sm" className="justify-self-start">
          <Link to={`/account/upgrade?plan=${plan}`}>
            {t('dashboards.offer.upgrade', { plan: offered.name })}
          </Link>
        </Button>
      ) : (
        <p className="text-sm">{t('dashboards.upgrade.ask_admin')}</p>
      )}
    </section>
  );
}
