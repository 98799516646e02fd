import { and, eq, isNull } from 'drizzle-orm';
import { accountUsers, sessions, users } from '../../db/schema/index';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { requirePermission, type Actor } from '../../lib/auth-guard';
import { syncSeats } from '../billing/billing-seats';
import { recordEvent } from '../../lib/events';
import { accessOf, isOwnerMember, requireMember } from './member-update.service';
import { isRowId } from '../../lib/row-id';
import { queueWebhook } from '../../lib/webhook-queue';

/**
 * Takes a user out of an account: the membership goes and their sessions in it are revoked. The
 * session and key caches hear of both by the change feed, so every instance refuses them within
 * moments, and embed sessions and API keys, which need the membership, stop with it.
 */
export async function endMembership(
  tx: Db,
  input: {
    accountId: string;
    userId: string;
    now: Date;
    /** For the `member.removed` webhook: who, and how (docs/product.md#webhooks). */
    email: string;
    via: 'team' | 'scim';
  },
): Promise<void> {
  const ended = await tx
    .delete(accountUsers)
    .where(and(eq(accountUsers.accountId, input.accountId), eq(accountUsers.userId, input.userId)))
    .returning({ id: accountUsers.id });
  if (ended.length > 0) {
    await queueWebhook(tx, input.now, input.accountId, 'member.removed', {
      account_id: input.accountId,
      user_id: input.userId,
      email: input.email,
      via: input.via,
    });
  }
  await tx
    .update(sessions)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(sessions.userId, input.userId),
        eq(sessions.accountId, input.accountId),
        isNull(sessions.revokedAt),
      ),
    );
}

/**
 * DELETE /api/user/{id} (docs/product.md#api-calls, admins): takes a member out of the caller's account and ends
 * their sessions in it; a user left in no account at all is deleted. Nobody removes the owner
 * (the account would have none); an admin may remove themself, and is then told to sign out
 * (docs/product.md#states-and-transitions "Deleting a user signs out the current user if the response says so").
 */
export async function removeMember(
  ctx: AppContext,
  actor: Actor,
  id: string,
  meta: RequestMeta,
): Promise<{ signout: boolean }> {
  requirePermission(actor, 'admin');
  if (!isRowId(id)) throw new AppError('not_found', 'error.not_found');
  const self = id === actor.userId;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const member = await requireMember(tx, actor, id);
    if (isOwnerMember(member)) throw new AppError('forbidden', 'error.owner_not_removable');
    await endMembership(tx, {
      accountId: actor.accountId,
      userId: id,
      now,
      email: member.user.email,
      via: 'team',
    });
    const [remaining] = await tx
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(eq(accountUsers.userId, id))
      .limit(1);
    // Recorded before a deletion of the actor themself would leave the event nobody to name.
    await recordEvent(tx, {
      name: 'removed_user',
      userId: actor.userId,
      accountId: actor.accountId,
      metadata: { user_id: id, self, user_deleted: !remaining },
    });
    await recordChange(tx, { actor, meta }, now, {
      action: 'member.removed',
      targetType: 'user',
      targetId: id,
      changes: {
        email: member.user.email,
        before: accessOf(member.membership),
        user_deleted: !remaining,
      },
    });
    if (!remaining) {
      await tx.delete(users).where(eq(users.id, id));
    } else if (member.user.defaultAccountId === actor.accountId) {
      await tx.update(users).set({ defaultAccountId: null }).where(eq(users.id, id));
    }
  });
  await syncSeats(ctx, actor.accountId);
  return { signout: self };
}
