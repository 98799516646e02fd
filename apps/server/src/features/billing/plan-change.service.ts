import { eq } from 'drizzle-orm';
import type { PaymentAction } from '@partner-portal/shared/billing';
import { findPlan, planRank, type PlanId } from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/auth-guard';
import { recordEvent } from '../../lib/events';
import { notifyOwner } from './billing-mail';
import { findOpenSubscription, isLive, recordSnapshot } from './subscription-record';
import { settle } from './upgrade.service';

export interface PlanChangeResult {
  plan: PlanId;
  subscription: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';
  scheduled_plan: PlanId | null;
  effective_at: string | null;
}

/**
 * POST /api/account/plan {plan} (owner). Without a paid subscription: the free plan is set at
 * once, and any plan that needs a card answers 402 with the plan — the client opens the upgrade
 * screen. With one: a higher plan applies now, prorated (the cardholder may have to approve it);
 * a lower plan, or the free plan, from the period end, so the account keeps what it paid for; the
 * current plan withdraws a scheduled change or cancellation.
 */
export async function changePlan(
  ctx: AppContext,
  actor: Actor,
  planId: PlanId,
): Promise<PlanChangeResult | PaymentAction> {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('bad_request', 'error.bad_request', { inputError: 'plan' });
  const open = await findOpenSubscription(ctx.db, actor.accountId);
  const providerId = open && isLive(open) ? open.providerSubscriptionId : null;

  if (!open || !providerId) {
    if (plan.requiresCard) {
      throw new AppError('payment_required', 'error.plan_requires_payment', { plan: plan.id });
    }
    await ctx.db
      .update(accounts)
      .set({ plan: plan.id, subscriptionStatus: 'active' })
      .where(eq(accounts.id, actor.accountId));
    await recordEvent(ctx.db, {
      name: 'selected_plan',
      userId: actor.userId,
      accountId: actor.accountId,
      metadata: { plan: plan.id },
    });
    return { plan: plan.id, subscription: 'active', scheduled_plan: null, effective_at: null };
  }

  const current = open.plan as PlanId;
  if (planRank(plan.id) > planRank(current)) {
    const snapshot = await ctx.billing.upgradeNow(
      providerId,
      plan.id,
      `upgrade:${providerId}:${current}:${plan.id}:${open.currentPeriodStart?.toISOString() ?? ''}`,
    );
    const answer = await settle(ctx, actor, open, snapshot, plan.id);
    if ('requires_payment_action' in answer) return answer;
    return { ...answer, scheduled_plan: null, effective_at: null };
  }

  const snapshot =
    plan.id === current
      ? await ctx.billing.schedulePlan(providerId, null)
      : plan.requiresCard
        ? await ctx.billing.schedulePlan(providerId, plan.id)
        : await ctx.billing.setCancelAtPeriodEnd(providerId, true);
  const scheduled = snapshot.cancelAtPeriodEnd ? 'free_core' : snapshot.scheduledPlan;
  // The notice and the event are saved with the change they tell of, or not at all.
  const state = await recordSnapshot(ctx.db, open, snapshot, ctx.now(), async (tx) => {
    if (scheduled) {
      await notifyOwner(inTransaction(ctx, tx), actor.accountId, {
        kind: 'plan_scheduled',
        plan: scheduled,
        current,
        at: snapshot.periodEnd,
      });
    }
    await recordEvent(tx, {
      name: scheduled ? 'plan_change_scheduled' : 'plan_change_withdrawn',
      userId: actor.userId,
      accountId: actor.accountId,
      metadata: { plan: scheduled ?? current },
    });
  });
  return {
    plan: state?.plan ?? current,
    subscription: state?.subscription ?? 'active',
    scheduled_plan: scheduled,
    effective_at: scheduled ? snapshot.periodEnd.toISOString() : null,
  };
}
