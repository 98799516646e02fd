import { toLocale } from '@partner-portal/shared/constants';
import { and, eq, isNull } from 'drizzle-orm';
import type { CloseInput } from '@partner-portal/shared/team';
import {
  accounts,
  accountUsers,
  invites,
  oneTimeTokens,
  sessions,
  users,
} from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import type { Actor } from '../../lib/auth-guard';
import { renderMail } from '../../lib/mail/mail-templates';
import { revokeSessions } from '../../lib/session-token';
import { endSubscriptionNow } from '../billing/billing-seats';
import { recordEvent } from '../../lib/events';
import { requireCloseConfirmation } from './close-confirmation.service';

interface Member {
  email: string;
  firstName: string;
  locale: string;
}

/**
 * DELETE /api/account (docs/product.md#roles-and-permissions: the owner closes the whole account). In one transaction the
 * account is marked closed, every session in it ends, its open invites and pending links go, and
 * each member's notice is queued;
 * the data itself stays until `admin purge-closed` (ACCOUNT_RETENTION_DAYS). The auth guard
 * and every sign-in path refuse a closed account from then on.
 */
export async function closeAccount(
  ctx: AppContext,
  actor: Actor,
  input: CloseInput,
  meta: RequestMeta,
) {
  await requireCloseConfirmation(ctx, actor, input, { meta, action: 'account.closed' });
  const now = ctx.now();
  const closed = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set({ closedAt: now })
      .where(and(eq(accounts.id, actor.accountId), isNull(accounts.closedAt)))
      .returning({ id: accounts.id, name: accounts.name });
    // Only a parallel close gets here: the guard refuses sessions of a closed account.
    if (!account) throw new AppError('not_found', 'error.account_not_found');
    await revokeSessions(tx, eq(sessions.accountId, account.id), now);
    const deletedInvites = await tx
      .delete(invites)
      .where(and(eq(invites.accountId, account.id), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    // OTP challenges and impersonation links aimed at this account die with it.
    await tx
      .update(oneTimeTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(oneTimeTokens.accountId, account.id),
          isNull(oneTimeTokens.usedAt),
          isNull(oneTimeTokens.revokedAt),
        ),
      );
    const members: Member[] = await tx
      .select({ email: users.email, firstName: users.firstName, locale: users.locale })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(eq(accountUsers.accountId, account.id));
    await recordEvent(tx, {
      name: 'closed_account',
      userId: actor.userId,
      accountId: account.id,
      metadata: { members: members.length, invites_deleted: deletedInvites.length },
    });
    await recordChange(tx, { actor, meta }, now, {
      action: 'account.closed',
      targetType: 'account',
      targetId: account.id,
      changes: { members: members.length, invites_deleted: deletedInvites.length },
    });
    await mailMembers(inTransaction(ctx, tx), account.name, members);
    return { account };
  });
  // After the commit, so a closed account is never left paying: if the provider is down now,
  // the next renewal event of the closed account ends it (billing-events.service.ts).
  await endSubscriptionNow(ctx, closed.account.id).catch((error: unknown) =>
    ctx.log.error({ err: error }, 'billing: subscription of a closed account not ended'),
  );
}

/** After commit: a mail server failure must not reopen or fail a close that happened. */
async function mailMembers(ctx: AppContext, accountName: string, members: Member[]) {
  const days = String(ctx.config.accountRetentionDays);
  for (const member of members) {
    const locale = toLocale(member.locale);
    await ctx.mail.send(
      {
        to: member.email,
        ...renderMail('account_closed', locale, {
          name: member.firstName,
          account: accountName,
          days,
        }),
        template: 'account_closed',
        locale,
      },
      ctx.db,
    );
  }
}
