import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AssignablePermission } from '@partner-portal/shared/permissions';
import type { Db } from '../../db/client';
import { invites } from '../../db/schema/index';
import { TOKEN_TTL_SECONDS } from '../../lib/one-time-token';

export interface NewInvite {
  accountId: string;
  email: string;
  permission: AssignablePermission;
  invitedBy?: string | null;
  advertiserName?: string | null;
  enablePlus?: boolean;
  plusDashboards?: string[];
  now?: Date;
}

/** Stores an invite that is valid for 7 days (sending it by mail comes with team management). */
export async function createInvite(db: Db, input: NewInvite) {
  const now = input.now ?? new Date();
  const [invite] = await db
    .insert(invites)
    .values({
      accountId: input.accountId,
      email: input.email.toLowerCase(),
      permission: input.permission,
      invitedBy: input.invitedBy ?? null,
      advertiserName: input.advertiserName ?? null,
      enablePlus: input.enablePlus ?? false,
      plusDashboards: input.plusDashboards ?? [],
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS.invite * 1000),
    })
    .returning();
  if (!invite) throw new Error('invite not created');
  return invite;
}

/**
 * Marks an open invite for this e-mail as accepted and returns it, atomically: of two
 * simultaneous acceptances only one gets the invite.
 */
export async function claimInvite(db: Db, inviteId: string, email: string, now: Date) {
  const [invite] = await db
    .update(invites)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(invites.id, inviteId),
        eq(sql`lower(${invites.email})`, email.toLowerCase()),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, now),
      ),
    )
    .returning();
  return invite ?? null;
}
