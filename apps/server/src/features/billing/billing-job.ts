import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { handleSubscriptionEvent } from './subscription-events.service';
import { withBillingLock } from './billing-lock';
import { localProcessorDeps } from './create-billing-provider';
import { findDueCustomers, runDueRenewals } from './local-processor/processor-renewals';

/** One customer's due renewals, and the record of each change, in that account's billing lock. */
async function renewCustomer(ctx: AppContext, customerId: string): Promise<number> {
  const tick = async (locked: AppContext) => {
    const deps = localProcessorDeps(locked.config, locked.db, locked.now);
    const events = await runDueRenewals(deps, { customerId });
    for (const event of events) await handleSubscriptionEvent(locked, event);
    return events.length;
  };
  const [account] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.billingCustomerId, customerId))
    .limit(1);
  // A customer no account points to any more has nobody else writing its billing.
  return account ? withBillingLock(ctx, account.id, tick) : tick(ctx);
}

/**
 * One tick of the built-in processor's clock: renew what is due, then record each change and
 * tell the owners. Every instance may run it at once (renewals are taken with SKIP LOCKED); each
 * customer's renewals wait for its account's billing lock, as every billing write does
 * (docs/billing.md "One billing lock per account"). Answers how many subscriptions changed.
 */
export async function runBillingTick(
  ctx: AppContext,
  options: { customerId?: string } = {},
): Promise<number> {
  if (ctx.billing.kind !== 'local') return 0;
  const deps = localProcessorDeps(ctx.config, ctx.db, ctx.now);
  const due = options.customerId ? [options.customerId] : await findDueCustomers(deps);
  let changed = 0;
  for (const customerId of due) changed += await renewCustomer(ctx, customerId);
  return changed;
}
