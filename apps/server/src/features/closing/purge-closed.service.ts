import { and, eq, inArray, isNotNull, lt, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, accountUsers, users } from '../../db/schema/index';
import { recordEvent } from '../../lib/events';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeResult {
  accounts: number;
  users: number;
}

/**
 * The retention purge (a background job, and `admin purge-closed`): deletes accounts closed more than `retentionDays` ago, with everything
 * that belongs to them (FK cascade: members, invites, sessions, report rows), then the users of
 * those accounts who are left with no membership anywhere. Events and feedback stay, detached.
 */
export async function purgeClosedAccounts(
  db: Db,
  options: { now: Date; retentionDays: number },
): Promise<PurgeResult> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: accounts.id, closedAt: accounts.closedAt })
      .from(accounts)
      .where(and(isNotNull(accounts.closedAt), lt(accounts.closedAt, cutoff)))
      // Every instance runs this job: an account another one is purging is left to it.
      .for('update', { skipLocked: true });
    if (due.length === 0) return { accounts: 0, users: 0 };
    const accountIds = due.map((account) => account.id);
    const members = await tx
      .selectDistinct({ userId: accountUsers.userId })
      .from(accountUsers)
      .where(inArray(accountUsers.accountId, accountIds));
    await tx.delete(accounts).where(inArray(accounts.id, accountIds));
    const memberIds = members.map((member) => member.userId);
    const orphans =
      memberIds.length === 0
        ? []
        : await tx
            .delete(users)
            .where(
              and(
                inArray(users.id, memberIds),
                notExists(
                  tx
                    .select({ id: accountUsers.id })
                    .from(accountUsers)
                    .where(eq(accountUsers.userId, users.id)),
                ),
              ),
            )
            .returning({ id: users.id });
    for (const account of due) {
      await recordEvent(tx, {
        name: 'purged_account',
        metadata: { account_id: account.id, closed_at: account.closedAt?.toISOString() },
      });
    }
    return { accounts: due.length, users: orphans.length };
  });
}
