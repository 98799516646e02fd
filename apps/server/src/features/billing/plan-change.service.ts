import { eq } from 'drizzle-orm';
import type { PaymentAction } from '@partner-portal/shared/billing';
import { findPlan, planRank, type Plan, type PlanId } from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { recordEvent } from '../../lib/events';
import { withBillingLock } from './billing-lock';
import { notifyOwner } from './billing-mail';
import { findOpenSubscription, isLive, recordSnapshot } from './subscription-record';
import { auditPaymentRefusal, settle } from './upgrade.service';

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
  by: Caller,
  planId: PlanId,
  /** The account whose plan changes: the owner's own, or one an operator names. */
  accountId: string = by.actor.accountId,
): Promise<PlanChangeResult | PaymentAction> {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('bad_request', 'error.bad_request', { inputError: 'plan' });
  return withBillingLock(ctx, accountId, (locked) => applyPlanChange(locked, by, plan, accountId));
}

/** changePlan under the account's billing lock (docs/billing.md "One billing lock per account"). */
async function applyPlanChange(
  ctx: AppContext,
  by: Caller,
  plan: Plan,
  accountId: string,
): Promise<PlanChangeResult | PaymentAction> {
  const { actor } = by;
  const open = await findOpenSubscription(ctx.db, accountId);
  const providerId = open && isLive(open) ? open.providerSubscriptionId : null;

  if (!open || !providerId) {
    if (plan.requiresCard) {
      throw new AppError('payment_required', 'error.plan_requires_payment', { plan: plan.id });
    }
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ plan: accounts.plan, status: accounts.subscriptionStatus })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      await tx
        .update(accounts)
        .set({ plan: plan.id, subscriptionStatus: 'active' })
        .where(eq(accounts.id, accountId));
      await recordEvent(tx, {
        name: 'selected_plan',
        userId: actor.userId,
        accountId,
        metadata: { plan: plan.id },
      });
      await recordChange(tx, by, ctx.now(), {
        action: 'account.plan_changed',
        accountId,
        targetType: 'account',
        targetId: accountId,
        changes: {
          before: { plan: before?.plan ?? null, status: before?.status ?? null },
          after: { plan: plan.id, status: 'active' },
        },
      });
    });
    return { plan: plan.id, subscription: 'active', scheduled_plan: null, effective_at: null };
  }

  const current = open.plan as PlanId;
  if (planRank(plan.id) > planRank(current)) {
    const answer = await auditPaymentRefusal(
      ctx,
      by,
      { action: 'account.plan_changed', plan: plan.id, accountId },
      async () =>
        settle(
          ctx,
          by,
          open,
          await ctx.billing.upgradeNow(
            providerId,
            plan.id,
            `upgrade:${providerId}:${current}:${plan.id}:${open.currentPeriodStart?.toISOString() ?? ''}`,
          ),
          plan.id,
        ),
    );
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
      await notifyOwner(inTransaction(ctx, tx), accountId, {
        kind: 'plan_scheduled',
        plan: scheduled,
        current,
        at: snapshot.periodEnd,
      });
    }
    await recordEvent(tx, {
      name: scheduled ? 'plan_change_scheduled' : 'plan_change_withdrawn',
      userId: actor.userId,
      accountId,
      metadata: { plan: scheduled ?? current },
    });
    await recordChange(tx, by, ctx.now(), {
      action: 'account.plan_scheduled',
      accountId,
      targetType: 'account',
      targetId: accountId,
      changes: {
        plan: current,
        scheduled: scheduled,
        effective_at: scheduled ? snapshot.periodEnd.toISOString() : null,
      },
    });
  });
  return {
    plan: state?.plan ?? current,
    subscription: state?.subscription ?? 'active',
    scheduled_plan: scheduled,
    effective_at: scheduled ? snapshot.periodEnd.toISOString() : null,
  };
}
