import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { invites } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requirePermission, type Actor } from '../../lib/auth-guard';
import { isRowId } from '../../lib/row-id';

/**
 * DELETE /api/invite/{id}: deletes an invite of the caller's account that nobody accepted yet,
 * so its link stops working. Another account's invite, an accepted one or an id that names no
 * invite are all "not found" (architecture doc: another account's object is a 404).
 */
export async function revokeInvite(
  ctx: AppContext,
  actor: Actor,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  requirePermission(actor, 'admin');
  if (!isRowId(id)) throw new AppError('not_found', 'error.not_found');
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(invites)
      .where(
        and(eq(invites.id, id), eq(invites.accountId, actor.accountId), isNull(invites.acceptedAt)),
      )
      .returning({ id: invites.id, email: invites.email, permission: invites.permission });
    if (!deleted) throw new AppError('not_found', 'error.not_found');
    await recordChange(tx, { actor, meta }, ctx.now(), {
      action: 'invite.revoked',
      targetType: 'invite',
      targetId: deleted.id,
      changes: { email: deleted.email, permission: deleted.permission },
    });
  });
}
