import { and, asc, eq, lt, lte, or, sql } from 'drizzle-orm';
import { localCustomers, localSubscriptions } from '../../../db/schema/index';
import { customerNow } from './processor-clock';
import { collectRenewal, endSubscription, renew, type ProcessorEvent } from './processor-lifecycle';
import type { ProcessorDeps } from './processor-snapshot';

// An incomplete subscription whose first payment was never authenticated ends, as Stripe's do.
const INCOMPLETE_EXPIRES_AFTER = '23 hours';

/**
 * Due as of the customer's own clock: a period ended, a failed payment's next try, or a first
 * payment abandoned for 23 hours (the query joins `local_customers` for the clock).
 */
function isDue(real: Date, customerId?: string) {
  const customerTime = sql`${real.toISOString()}::timestamptz + ${localCustomers.clockOffsetMs} * interval '1 millisecond'`;
  return and(
    customerId ? eq(localSubscriptions.customerId, customerId) : undefined,
    or(
      and(
        eq(localSubscriptions.status, 'active'),
        lte(localSubscriptions.currentPeriodEnd, customerTime),
      ),
      and(
        eq(localSubscriptions.status, 'past_due'),
        lte(localSubscriptions.nextAttemptAt, customerTime),
      ),
      and(
        eq(localSubscriptions.status, 'incomplete'),
        lt(
          localSubscriptions.createdAt,
          sql`${customerTime} - interval '${sql.raw(INCOMPLETE_EXPIRES_AFTER)}'`,
        ),
      ),
    ),
  );
}

/**
 * The customers with something due, read without a lock: the app takes each one's account
 * billing lock before it renews (docs/billing.md "One billing lock per account").
 */
export async function findDueCustomers(deps: ProcessorDeps, max = 500): Promise<string[]> {
  const rows = await deps.db
    .selectDistinct({ id: localSubscriptions.customerId })
    .from(localSubscriptions)
    .innerJoin(localCustomers, eq(localCustomers.id, localSubscriptions.customerId))
    .where(isDue(deps.now()))
    .limit(max);
  return rows.map((row) => row.id);
}

/**
 * The built-in processor's clock tick: every subscription that is due — a period ended, a failed
 * payment's next try, an abandoned first payment — is handled in a transaction of its own, taken
 * with FOR UPDATE SKIP LOCKED so that several server instances running this at once handle each
 * one exactly once. A test clock (`clock_offset_ms`) moves one customer's time ahead.
 */
export async function runDueRenewals(
  deps: ProcessorDeps,
  options: { customerId?: string; max?: number } = {},
): Promise<ProcessorEvent[]> {
  const events: ProcessorEvent[] = [];
  for (let handled = 0; handled < (options.max ?? 500); handled += 1) {
    const event = await deps.db.transaction(async (tx) => {
      const real = deps.now();
      const [due] = await tx
        .select({ sub: localSubscriptions, offset: localCustomers.clockOffsetMs })
        .from(localSubscriptions)
        .innerJoin(localCustomers, eq(localCustomers.id, localSubscriptions.customerId))
        .where(isDue(real, options.customerId))
        .orderBy(asc(localSubscriptions.currentPeriodEnd))
        .limit(1)
        .for('update', { of: localSubscriptions, skipLocked: true });
      if (!due) return null;
      const { sub } = due;
      const now = customerNow(real, due.offset);
      if (sub.status === 'incomplete') {
        await endSubscription(tx, sub, now);
        return {
          type: 'customer.subscription.deleted',
          subscriptionId: sub.id,
          customerId: sub.customerId,
        } satisfies ProcessorEvent;
      }
      if (sub.status === 'past_due' && sub.latestInvoiceId) {
        return collectRenewal(tx, deps, sub, sub.latestInvoiceId, sub.currentPeriodStart, now);
      }
      return renew(tx, deps, sub, now);
    });
    if (!event) break;
    events.push(event);
  }
  return events;
}

/** Moves a customer's test clock forward (never back: invoices already issued stay put). */
export async function advanceCustomerClock(deps: ProcessorDeps, customerId: string, ms: number) {
  await deps.db
    .update(localCustomers)
    .set({ clockOffsetMs: sql`${localCustomers.clockOffsetMs} + ${Math.max(0, Math.round(ms))}` })
    .where(eq(localCustomers.id, customerId));
}
