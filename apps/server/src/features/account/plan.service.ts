import { eq } from 'drizzle-orm';
import {
  effectivePlan,
  PLANS,
  PlanIdSchema,
  SubscriptionStatusSchema,
} from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import type { Actor } from '../../lib/auth-guard';

/** GET /api/account/plans: the catalogue, and the plan the account has the use of now. */
export async function listPlans(ctx: AppContext, actor: Actor) {
  const [account] = await ctx.db
    .select({ plan: accounts.plan, status: accounts.subscriptionStatus })
    .from(accounts)
    .where(eq(accounts.id, actor.accountId));
  const active = effectivePlan(
    PlanIdSchema.safeParse(account?.plan).data,
    SubscriptionStatusSchema.safeParse(account?.status).data,
  );
  const payments = { provider: ctx.billing.kind, publishable_key: ctx.billing.publishableKey };
  return { plans: [...PLANS], active, payments };
}
