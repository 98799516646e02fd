import { and, count, eq, isNull } from 'drizzle-orm';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';

/** The account's customer at the provider, created on its first payment (once, by key). */
export async function ensureCustomer(ctx: AppContext, accountId: string): Promise<string> {
  const [account] = await ctx.db
    .select({ id: accounts.id, name: accounts.name, customerId: accounts.billingCustomerId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) throw new AppError('not_found', 'error.not_found');
  if (account.customerId) return account.customerId;
  const [owner] = await ctx.db
    .select({ email: users.email })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.permission, 'owner')))
    .limit(1);
  const customerId = await ctx.billing.createCustomer({
    name: account.name,
    email: owner?.email ?? '',
    idempotencyKey: `customer:${accountId}`,
  });
  await ctx.db
    .update(accounts)
    .set({ billingCustomerId: customerId })
    .where(and(eq(accounts.id, accountId), isNull(accounts.billingCustomerId)));
  return customerId;
}

export async function customerIdOf(ctx: AppContext, accountId: string): Promise<string | null> {
  const [account] = await ctx.db
    .select({ customerId: accounts.billingCustomerId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account?.customerId ?? null;
}

/** Seats billed on per-seat plans: the account's members. */
export async function countSeats(ctx: AppContext, accountId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ seats: count() })
    .from(accountUsers)
    .where(eq(accountUsers.accountId, accountId));
  return Math.max(1, row?.seats ?? 1);
}
