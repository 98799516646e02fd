import { and, eq, isNull } from 'drizzle-orm';
import type { MemberUpdateInput, TeamUser } from '@partner-portal/shared/team';
import type { Db } from '../../db/client';
import { accountUsers, sessions, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { requirePermission, type Actor } from '../../lib/auth-guard';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import { loadPlusWorkbookIds, resolveMemberAccess } from './member-access';
import { toTeamUser } from './team-rows';
import { queueWebhook } from '../../lib/webhook-queue';

/** A member of the actor's account with their user row, or 404. */
export async function requireMember(db: Db, actor: Actor, userId: string) {
  const [row] = await db
    .select({ user: users, membership: accountUsers })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.userId, userId), eq(accountUsers.accountId, actor.accountId)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'error.not_found');
  return row;
}

/** The owner of the account (a master's membership is an owner's too). */
export function isOwnerMember(row: Awaited<ReturnType<typeof requireMember>>): boolean {
  return row.user.isMaster || row.membership.permission === 'owner';
}

/** What an audit row says of a membership's access (docs/product.md#audit-log). */
export function accessOf(membership: typeof accountUsers.$inferSelect) {
  return {
    permission: membership.permission,
    advertiser_name: membership.advertiserName,
    enable_plus: membership.enablePlus,
    plus_dashboards: membership.plusDashboards,
  };
}

/**
 * PATCH /api/user with `id` (docs/product.md#api-calls, admins): a member's permission and advertiser fields,
 * merged over the stored membership and checked again as a whole. The owner's permission and
 * one's own cannot change (docs/security.md#authorization-and-tenants); a changed permission ends the member's sessions
 * in this account, so the next call is judged by the new one. Answers the updated list row.
 */
export async function updateMember(
  ctx: AppContext,
  actor: Actor,
  input: MemberUpdateInput,
  meta: RequestMeta,
): Promise<TeamUser> {
  requirePermission(actor, 'admin');
  const member = await requireMember(ctx.db, actor, input.id);
  const stored = PermissionSchema.parse(member.membership.permission);
  const permission = input.permission ?? stored;
  const permissionChanged = permission !== stored;
  if (permissionChanged && isOwnerMember(member)) {
    throw new AppError('forbidden', 'error.owner_permission_locked', { inputError: 'permission' });
  }
  if (permissionChanged && input.id === actor.userId) {
    throw new AppError('bad_request', 'error.own_permission_locked', { inputError: 'permission' });
  }
  const access = resolveMemberAccess(
    {
      permission,
      advertiserName:
        input.advertiser_name !== undefined
          ? input.advertiser_name
          : member.membership.advertiserName,
      enablePlus: input.enable_plus ?? member.membership.enablePlus,
      plusDashboards: input.plus_dashboards ?? member.membership.plusDashboards,
    },
    await loadPlusWorkbookIds(ctx),
  );

  const now = ctx.now();
  const membership = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accountUsers)
      .set({ permission, ...access })
      .where(eq(accountUsers.id, member.membership.id))
      .returning();
    if (!updated) throw new AppError('not_found', 'error.not_found');
    await recordChange(tx, { actor, meta }, now, {
      action: 'member.updated',
      targetType: 'user',
      targetId: member.user.id,
      changes: { before: accessOf(member.membership), after: accessOf(updated) },
    });
    await queueWebhook(tx, now, actor.accountId, 'member.updated', {
      account_id: actor.accountId,
      user_id: member.user.id,
      email: member.user.email,
      before: { permission: stored, advertiser_name: member.membership.advertiserName },
      after: { permission, advertiser_name: updated.advertiserName },
      via: 'team',
    });
    if (permissionChanged) {
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'access_changed' })
        .where(
          and(
            eq(sessions.userId, member.user.id),
            eq(sessions.accountId, actor.accountId),
            isNull(sessions.revokedAt),
          ),
        );
    }
    return updated;
  });
  return toTeamUser(member.user, membership);
}
