import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invites } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requirePermission, type Actor } from '../../lib/auth-guard';
import { isRowId } from './team-rows';

/**
 * DELETE /api/invite/{id}: deletes an invite of the caller's account that nobody accepted yet,
 * so its link stops working. Another account's invite, an accepted one or an id that names no
 * invite are all "not found" (architecture doc: another account's object is a 404).
 */
export async function revokeInvite(db: Db, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, 'admin');
  if (!isRowId(id)) throw new AppError('not_found', 'error.not_found');
  const deleted = await db
    .delete(invites)
    .where(
      and(eq(invites.id, id), eq(invites.accountId, actor.accountId), isNull(invites.acceptedAt)),
    )
    .returning({ id: invites.id });
  if (deleted.length === 0) throw new AppError('not_found', 'error.not_found');
}
