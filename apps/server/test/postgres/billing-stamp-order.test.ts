import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, localInvoices } from '../../src/db/schema/index';
import { runBillingTick } from '../../src/features/billing/billing-job';
import { localProcessorDeps } from '../../src/features/billing/create-billing-provider';
import { advanceCustomerClock } from '../../src/features/billing/local-processor/processor-renewals';
import { checkBooks } from '../billing-books';
import { apiCall, payingOwner } from '../billing-helpers';
import { createTestContext } from '../test-context';
import { useTestApp } from '../use-test-app';

/*
 * On PostgreSQL a transaction may begin before another and take the billing lock after it, so
 * the rows it writes are stamped (created_at = now(), the transaction's start) before rows
 * written earlier. The books are read in the order payments were made (test/billing-books.ts);
 * this forces that order, which the seeded races (billing-races.test.ts) met once under load.
 * PostgreSQL only: PGlite runs one transaction at a time, so the first to begin locks first.
 */
const env = useTestApp();
const db = () => env.database.db;
const AUTH_CARD = '4000 0025 0000 3155';
const DAY_MS = 86_400_000;

describe('billing writes stamped out of order', () => {
  it('reads the books in the order they were paid, whenever each transaction began', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus', AUTH_CARD);
    const [due] = await db().select().from(accounts).where(eq(accounts.id, owner.account.id));
    const ctx = createTestContext(env.database);
    const deps = localProcessorDeps(ctx.config, db(), ctx.now);
    await advanceCustomerClock(deps, due?.billingCustomerId ?? '', 31 * DAY_MS);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, owner.account.id));
    const customerId = account?.billingCustomerId ?? '';
    // The renewal job's transaction begins (fixing now(), every created_at it writes), then a
    // plan change takes the billing lock first, as it did in CI under load: Plus → Pro after the
    // period ended costs nothing, and the renewal that follows charges Pro for the next period.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      const change = await apiCall(env.app, owner.token, 'POST', '/api/account/plan', {
        plan: 'free_pro',
      });
      expect(change.statusCode).toBe(200);
      const job = { ...ctx, db: tx, billing: ctx.billing.inTransaction?.(tx) ?? ctx.billing };
      await runBillingTick(job, { customerId });
    });
    const invoices = await db()
      .select()
      .from(localInvoices)
      .where(eq(localInvoices.customerId, customerId));
    const upgrade = invoices.find((invoice) => invoice.lines.some((line) => line.proration));
    const renewal = invoices.find((invoice) =>
      invoice.lines.some((line) => line.description === 'Pro' && !line.proration),
    );
    expect([upgrade?.status, upgrade?.total, renewal?.status]).toEqual(['paid', 0, 'paid']);
    expect(renewal?.total).toBeGreaterThan(0);
    // Written after the upgrade, stamped before it.
    expect(renewal!.createdAt.getTime()).toBeLessThan(upgrade!.createdAt.getTime());
    expect(await checkBooks(db(), owner.account.id)).toEqual([]);
  });
});
