import { eq } from 'drizzle-orm';
import { findPlan, PLANS, PlanIdSchema, type PlanId } from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/auth-guard';
import { recordEvent } from '../events/events.service';

export async function listPlans(ctx: AppContext, actor: Actor) {
  const [account] = await ctx.db
    .select({ plan: accounts.plan })
    .from(accounts)
    .where(eq(accounts.id, actor.accountId));
  const active = PlanIdSchema.safeParse(account?.plan);
  return { plans: [...PLANS], active: active.success ? active.data : null };
}

/**
 * POST /api/account/plan: the free plan is set at once; a plan that needs a card answers 402
 * with the plan, which the client turns into the upgrade screen (spec §8).
 */
export async function selectPlan(ctx: AppContext, actor: Actor, planId: PlanId) {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('bad_request', 'error.bad_request', { inputError: 'plan' });
  if (plan.requiresCard)
    throw new AppError('payment_required', 'error.plan_requires_payment', { plan: plan.id });
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
  return { plan: plan.id, subscription: 'active' as const };
}
