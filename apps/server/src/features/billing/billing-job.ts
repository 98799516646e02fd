import type { AppContext } from '../../lib/app-context';
import { handleSubscriptionEvent } from './subscription-events.service';
import { localProcessorDeps } from './create-billing-provider';
import { runDueRenewals } from './local-processor/processor-renewals';

/**
 * One tick of the built-in processor's clock: renew what is due, then record each change and
 * tell the owners. Every instance may run it at once (renewals are taken with SKIP LOCKED).
 * Answers how many subscriptions changed.
 */
export async function runBillingTick(
  ctx: AppContext,
  options: { customerId?: string } = {},
): Promise<number> {
  if (ctx.billing.kind !== 'local') return 0;
  const events = await runDueRenewals(localProcessorDeps(ctx.config, ctx.db, ctx.now), options);
  for (const event of events) await handleSubscriptionEvent(ctx, event);
  return events.length;
}
