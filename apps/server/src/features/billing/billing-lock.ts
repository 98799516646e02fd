import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';

/** The advisory-lock namespace of billing (pg_advisory_xact_lock's first key). */
const BILLING_LOCK_SPACE = 37_001;

/** PostgreSQL's "could not serialize" and "deadlock detected", as the driver reports them. */
function isLockConflict(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === '40001' || code === '40P01') return true;
  }
  return false;
}

/**
 * docs/billing.md "One billing lock per account": every billing write of an account runs here,
 * in one transaction whose first statement takes the account's billing lock — a
 * transaction-scoped advisory lock, so nothing else that locks the account's rows (a profile
 * change, closing) can cross it, and it goes with the commit or the rollback. `work` gets the
 * context bound to that transaction, the provider included (the built-in processor keeps its
 * books in this database), and must use it for everything: on PGlite, one connection, a query
 * outside the transaction would wait for it forever. Called again inside `work`, it nests (a
 * savepoint; the lock is re-entrant). A 4xx answer — a card refused, a plan already held — is
 * not a failure: what was written before it is committed, as it was before the lock, and the
 * answer is thrown after the commit. Anything else (a crash, a bug) rolls it all back.
 */
export async function withBillingLock<T>(
  ctx: AppContext,
  accountId: string,
  work: (locked: AppContext) => Promise<T>,
): Promise<T> {
  let answer: AppError | null = null;
  try {
    const result = await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${BILLING_LOCK_SPACE}, hashtext(${accountId}))`,
      );
      const billing = ctx.billing.inTransaction?.(tx) ?? ctx.billing;
      try {
        return await work({ ...ctx, db: tx, billing });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        answer = error;
        return null;
      }
    });
    if (answer) throw answer;
    return result as T;
  } catch (error) {
    // One lock, one order: no deadlock between billing writes. Anything else that still loses
    // to a concurrent change is a conflict to try again, never a 500.
    if (isLockConflict(error)) throw new AppError('conflict', 'error.payment_in_progress');
    throw error;
  }
}
