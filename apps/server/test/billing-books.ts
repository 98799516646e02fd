import { eq } from 'drizzle-orm';
import { findPlan, type PlanId } from '@partner-portal/shared/plans';
import type { Db } from '../src/db/client';
import {
  accounts,
  localCustomers,
  localInvoices,
  localSubscriptions,
} from '../src/db/schema/index';

/**
 * The payment that set a subscription's plan last. Not the newest created_at: it defaults to
 * now(), when the writing transaction began, and on PostgreSQL a transaction that begins first
 * may take the billing lock second, so a renewal can be stamped before the upgrade it followed.
 * Every payment is taken under the lock, and paid_at is the customer's clock as it was paid, so
 * it follows the order of the writes; the number, also taken under the lock, breaks a tie.
 */
function lastPaid(invoices: (typeof localInvoices.$inferSelect)[]) {
  const paidAt = (invoice: typeof localInvoices.$inferSelect) => invoice.paidAt?.getTime() ?? 0;
  return [...invoices].sort((x, y) => paidAt(y) - paidAt(x) || y.number.localeCompare(x.number))[0];
}

/**
 * What the built-in processor charged an account and what the account is given: the problems
 * found (docs/billing.md "One billing lock per account"), none when they agree.
 */
export async function checkBooks(db: Db, accountId: string): Promise<string[]> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const customerId = account?.billingCustomerId ?? '';
  const [customer] = await db
    .select()
    .from(localCustomers)
    .where(eq(localCustomers.id, customerId));
  const customerNow = new Date(Date.now() + (customer?.clockOffsetMs ?? 0));
  const subs = await db
    .select()
    .from(localSubscriptions)
    .where(eq(localSubscriptions.customerId, customerId));
  const paid = (
    await db.select().from(localInvoices).where(eq(localInvoices.customerId, customerId))
  ).filter((invoice) => invoice.status === 'paid');
  const problems: string[] = [];
  // Two subscriptions paid for the same time, or one period billed twice: a double charge.
  for (const a of paid) {
    for (const b of paid) {
      if (a.id >= b.id) continue;
      const overlap = a.periodStart < b.periodEnd && b.periodStart < a.periodEnd;
      const samePeriod =
        a.periodStart.getTime() === b.periodStart.getTime() &&
        a.periodEnd.getTime() === b.periodEnd.getTime();
      if ((a.subscriptionId !== b.subscriptionId && overlap) || samePeriod) {
        problems.push(`double charge: ${a.number} (${a.total}) and ${b.number} (${b.total})`);
      }
    }
  }
  // Every paid period still running is granted: its subscription lives, on the plan paid for.
  for (const sub of subs) {
    const own = paid.filter((invoice) => invoice.subscriptionId === sub.id);
    const running = own.filter((invoice) => invoice.periodEnd > customerNow);
    if (running.length && !['active', 'past_due'].includes(sub.status)) {
      problems.push(`paid but ended: ${sub.id} ${sub.status} (${running.length} paid)`);
    }
    if (sub.status !== 'active') continue;
    const latest = lastPaid(own);
    const name = findPlan(sub.plan as PlanId)?.name;
    if (!latest?.lines.some((line) => line.amount > 0 && line.description === name)) {
      problems.push(`granted unpaid: ${sub.plan} without a paid invoice for it`);
    }
    if (account?.plan !== sub.plan) problems.push(`account ${account?.plan} ≠ paid ${sub.plan}`);
  }
  // Every paid plan granted has a subscription paying for it (or in dunning).
  if (account && findPlan(account.plan as PlanId)?.requiresCard) {
    const live = subs.find((sub) => ['active', 'past_due'].includes(sub.status));
    if (!live && account.subscriptionStatus === 'active') {
      problems.push(`granted ${account.plan} with nothing paying for it`);
    }
  }
  return problems;
}
