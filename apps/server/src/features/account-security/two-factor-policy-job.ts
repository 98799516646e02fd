import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { TWO_FACTOR_REMINDER_MS } from '@partner-portal/shared/account-security';
import { accounts, sessions } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { recordChange } from '../../lib/audit';
import { revokeSessions } from '../../lib/session-token';
import { mailTwoFactorDeadline, membersWithout2fa } from './two-factor-policy-mail';

/** Accounts a tick handles at most, per step; the next tick takes the rest. */
const BATCH = 50;

/**
 * A day before an account's deadline, mails its members still without 2FA once — unless the
 * policy was turned on within that day, when its own mail already said the same. Each account is
 * taken with SKIP LOCKED and marked in the mail's transaction, so several instances mail once.
 */
async function remind(ctx: AppContext, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(accounts)
      .where(
        and(
          isNotNull(accounts.twoFactorDeadline),
          isNull(accounts.twoFactorRemindedAt),
          gt(accounts.twoFactorDeadline, now),
          lte(accounts.twoFactorDeadline, new Date(now.getTime() + TWO_FACTOR_REMINDER_MS)),
          sql`${accounts.twoFactorDeadline} - ${accounts.twoFactorRequiredAt} > make_interval(secs => ${TWO_FACTOR_REMINDER_MS / 1000})`,
          isNull(accounts.closedAt),
        ),
      )
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let mailed = 0;
    for (const account of due) {
      const waiting = await membersWithout2fa(tx, account.id);
      await mailTwoFactorDeadline(
        inTransaction(ctx, tx),
        'two_factor_reminder',
        account,
        account.twoFactorDeadline!,
        waiting,
      );
      await tx
        .update(accounts)
        .set({ twoFactorRemindedAt: now })
        .where(eq(accounts.id, account.id));
      mailed += waiting.length;
    }
    return mailed;
  });
}

/**
 * At an account's deadline, ends the sessions in it of its members without 2FA (docs/product.md
 * #two-factor-policy): the guard already keeps such a session to setting 2FA up, and this makes
 * each of them sign in again to see why. Their other accounts' sessions are left alone, and so
 * are sessions begun after the deadline: whoever signed in since was shown the setup screen at
 * once, and ending that session while they set 2FA up would only throw them out of it.
 */
async function enforce(ctx: AppContext, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: accounts.id, deadline: accounts.twoFactorDeadline })
      .from(accounts)
      .where(
        and(
          isNotNull(accounts.twoFactorDeadline),
          isNull(accounts.twoFactorEnforcedAt),
          lte(accounts.twoFactorDeadline, now),
        ),
      )
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let ended = 0;
    for (const account of due) {
      const waiting = (await membersWithout2fa(tx, account.id)).map((member) => member.id);
      if (waiting.length > 0) {
        const begunBefore = and(
          eq(sessions.accountId, account.id),
          inArray(sessions.userId, waiting),
          lte(sessions.createdAt, account.deadline!),
        );
        const revoked = await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(begunBefore, isNull(sessions.revokedAt)));
        await revokeSessions(tx, begunBefore, now);
        ended += revoked.length;
        await recordChange(tx, 'system', now, {
          action: 'account.2fa_enforced',
          targetType: 'account',
          targetId: account.id,
          accountId: account.id,
          changes: { members: waiting.length, sessions: revoked.length },
        });
      }
      await tx
        .update(accounts)
        .set({ twoFactorEnforcedAt: now })
        .where(eq(accounts.id, account.id));
    }
    return ended;
  });
}

/** The 2FA policy's timed steps: the reminders, then the deadlines. Answers mails + sessions. */
export async function runTwoFactorPolicy(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return (await remind(ctx, now)) + (await enforce(ctx, now));
}
