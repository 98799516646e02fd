import { and, eq } from 'drizzle-orm';
import type { CloseInput } from '@partner-portal/shared/team';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import type { Actor } from '../../lib/auth-guard';
import { revokeSessions, sessionsOfUser } from '../../lib/session-token';
import { syncSeats } from '../billing/billing-seats';
import { recordEvent } from '../../lib/events';
import { requireCloseConfirmation } from './close-confirmation.service';

/**
 * DELETE /api/user (docs/product.md#roles-and-permissions: other users close only their own user). The owner closes the
 * account instead, and nobody may leave an open account they own without its owner (security
 * checklist: the last owner cannot leave). The user row goes, with its memberships, sessions,
 * identities and settings (FK cascade); events and feedback keep their rows, unattributed.
 */
export async function closeUser(
  ctx: AppContext,
  actor: Actor,
  input: CloseInput,
  meta: RequestMeta,
) {
  const owned = await ctx.db
    .select({ id: accounts.id, name: accounts.name, closedAt: accounts.closedAt })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, actor.userId), eq(accountUsers.permission, 'owner')));
  if (owned.some((account) => account.id === actor.accountId)) {
    throw new AppError('conflict', 'error.owner_closes_account');
  }
  const otherOpen = owned.find((account) => !account.closedAt);
  if (otherOpen) {
    throw new AppError('conflict', 'error.owner_of_other_account', {
      params: { account: otherOpen.name },
    });
  }
  const user = await requireCloseConfirmation(ctx, actor, input, { meta, action: 'user.closed' });
  const now = ctx.now();
  const left = await ctx.db.transaction(async (tx) => {
    await revokeSessions(tx, sessionsOfUser(actor.userId), now);
    const memberships = await tx
      .delete(accountUsers)
      .where(eq(accountUsers.userId, actor.userId))
      .returning({ accountId: accountUsers.accountId });
    await tx.delete(users).where(eq(users.id, actor.userId));
    // In the log of every account the user leaves, each one's admins may ask who left.
    for (const { accountId } of memberships) {
      await recordChange(tx, { actor, meta }, now, {
        action: 'user.closed',
        accountId,
        targetType: 'user',
        targetId: actor.userId,
        changes: { email: user.email },
      });
    }
    // The user is gone, so the event names them only by their former id.
    await recordEvent(tx, {
      name: 'closed_user',
      accountId: actor.accountId,
      metadata: { user_id: actor.userId, memberships: memberships.length },
    });
    return memberships;
  });
  for (const { accountId } of left) await syncSeats(ctx, accountId);
}
