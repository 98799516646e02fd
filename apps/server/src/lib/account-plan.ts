import { eq } from 'drizzle-orm';
import {
  entitledPlan,
  PlanIdSchema,
  SubscriptionStatusSchema,
  type PlanId,
} from '@partner-portal/shared/plans';
import type { Db } from '../db/client';
import { accounts } from '../db/schema/index';
import type { Actor } from './actor';

/** The plan whose features `actor` gets in their account now (entitledPlan), read in one query. */
export async function actorPlan(db: Db, actor: Actor): Promise<PlanId | null> {
  const [account] = await db
    .select({ plan: accounts.plan, status: accounts.subscriptionStatus })
    .from(accounts)
    .where(eq(accounts.id, actor.accountId));
  return entitledPlan(
    actor.permission,
    PlanIdSchema.safeParse(account?.plan).data,
    SubscriptionStatusSchema.safeParse(account?.status).data,
  );
}
