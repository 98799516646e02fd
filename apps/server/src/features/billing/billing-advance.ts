import { and, eq, sql } from 'drizzle-orm';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { runBillingTick } from './billing-job';
import { localProcessorDeps } from './create-billing-provider';
import { advanceCustomerClock } from './local-processor/processor-renewals';
import { nowFor } from './local-processor/processor-snapshot';

const DAY_MS = 86_400_000;

export interface AdvanceReport {
  account: string;
  clock: Date;
  changes: number;
  plan: string | null;
  subscription: string | null;
}

/**
 * `npm run admin -- billing-advance <owner-email> <days>`: moves one account's billing clock
 * forward, as Stripe's test clocks do, and runs the renewal job as of then — renewals, retries,
 * scheduled changes and their mails — for demos and tests.
 */
export async function advanceBillingClock(
  ctx: AppContext,
  ownerEmail: string,
  days: number,
): Promise<AdvanceReport> {
  if (ctx.billing.kind !== 'local') {
    throw new Error(
      'billing-advance moves the built-in card processor’s clock; on Stripe, use a test clock.',
    );
  }
  if (!Number.isFinite(days) || days <= 0 || days > 3660) {
    throw new Error('Days must be a number from 1 to 3660.');
  }
  const [account] = await ctx.db
    .select({ id: accounts.id, name: accounts.name, customerId: accounts.billingCustomerId })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(
      and(
        eq(sql`lower(${users.email})`, ownerEmail.trim().toLowerCase()),
        eq(accountUsers.permission, 'owner'),
      ),
    )
    .limit(1);
  if (!account) throw new Error(`No account is owned by ${ownerEmail}.`);
  if (!account.customerId) throw new Error(`${account.name} has never paid: nothing to advance.`);
  const deps = localProcessorDeps(ctx.config, ctx.db, ctx.now);
  await advanceCustomerClock(deps, account.customerId, days * DAY_MS);
  const changes = await runBillingTick(ctx, { customerId: account.customerId });
  const [after] = await ctx.db
    .select({ plan: accounts.plan, subscription: accounts.subscriptionStatus })
    .from(accounts)
    .where(eq(accounts.id, account.id));
  return {
    account: account.name,
    clock: await nowFor(deps, account.customerId),
    changes,
    plan: after?.plan ?? null,
    subscription: after?.subscription ?? null,
  };
}
