import { count, eq } from 'drizzle-orm';
import { PlanIdSchema, SubscriptionStatusSchema } from '@partner-portal/shared/plans';
import type { AccountDetail } from '@partner-portal/shared/user';
import type { Db } from '../../db/client';
import { accounts, accountUsers } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** GET /api/account: name, plan, subscription and size of the caller's account, in one query. */
export async function accountDetail(db: Db, accountId: string): Promise<AccountDetail> {
  const [row] = await db
    .select({ account: accounts, members: count(accountUsers.userId) })
    .from(accounts)
    .leftJoin(accountUsers, eq(accountUsers.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .groupBy(accounts.id);
  if (!row) throw new AppError('not_found', 'error.not_found');
  const { account } = row;
  return {
    id: account.id,
    name: account.name,
    plan: PlanIdSchema.nullable().catch(null).parse(account.plan),
    subscription_status: SubscriptionStatusSchema.nullable()
      .catch(null)
      .parse(account.subscriptionStatus),
    members: row.members,
    created_at: account.createdAt.toISOString(),
  };
}
