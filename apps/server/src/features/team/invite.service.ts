import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_INVITE_PERMISSION,
  type AssignablePermission,
} from '@partner-portal/shared/permissions';
import type { Db } from '../../db/client';
import { invites } from '../../db/schema/index';
import { generateToken, hashToken, TOKEN_TTL_SECONDS } from '../../lib/one-time-token';

export interface NewInvite {
  accountId: string;
  email: string;
  /** docs/product.md#constants-and-limits: user unless given. */
  permission?: AssignablePermission;
  invitedBy?: string | null;
  advertiserName?: string | null;
  enablePlus?: boolean;
  plusDashboards?: string[];
  now?: Date;
}

type InviteRow = typeof invites.$inferSelect;

/** A stored invite with the raw token of its link, which exists only here and in the mail. */
export type IssuedInvite = InviteRow & { token: string };

/**
 * docs/security.md#one-time-tokens: the link carries 256 random bits; the invite row keeps
 * only their SHA-256, so a database read does not yield a working link. A new token replaces the
 * hash, which revokes the previous link.
 */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = generateToken();
  return { token, tokenHash: hashToken(token) };
}

/**
 * Stores an invite that is valid for 7 days with a fresh link token, returned alongside the row
 * (features/team/invite-send.service.ts mails it).
 */
export async function createInvite(db: Db, input: NewInvite): Promise<IssuedInvite> {
  const now = input.now ?? new Date();
  const { token, tokenHash } = newInviteToken();
  const [invite] = await db
    .insert(invites)
    .values({
      accountId: input.accountId,
      email: input.email.toLowerCase(),
      permission: input.permission ?? DEFAULT_INVITE_PERMISSION,
      invitedBy: input.invitedBy ?? null,
      advertiserName: input.advertiserName ?? null,
      enablePlus: input.enablePlus ?? false,
      plusDashboards: input.plusDashboards ?? [],
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS.invite * 1000),
    })
    .returning();
  if (!invite) throw new Error('invite not created');
  return { ...invite, token };
}

/** The invite whose link hashes to `tokenHash`, for this e-mail, while it is open and unexpired. */
function openInvite(tokenHash: string, email: string, now: Date) {
  return and(
    eq(invites.tokenHash, tokenHash),
    eq(sql`lower(${invites.email})`, email.toLowerCase()),
    isNull(invites.acceptedAt),
    gt(invites.expiresAt, now),
  );
}

/** Looks an open invite up without taking it (an existing user with 2FA still owes a code). */
export async function findOpenInvite(db: Db, tokenHash: string, email: string, now: Date) {
  const [invite] = await db
    .select()
    .from(invites)
    .where(openInvite(tokenHash, email, now))
    .limit(1);
  return invite ?? null;
}

/**
 * Marks the open invite whose link token hashes to `tokenHash`, for this e-mail, as accepted and
 * returns it, atomically (one UPDATE … RETURNING): of any number of simultaneous acceptances only
 * one gets the invite. Null for an unknown, replaced, used or expired token, or another address.
 */
export async function claimInvite(db: Db, tokenHash: string, email: string, now: Date) {
  const [invite] = await db
    .update(invites)
    .set({ acceptedAt: now })
    .where(openInvite(tokenHash, email, now))
    .returning();
  return invite ?? null;
}
