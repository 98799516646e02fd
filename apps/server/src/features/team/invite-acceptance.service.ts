import { PermissionSchema } from '@partner-portal/shared/permissions';
import { eq } from 'drizzle-orm';
import { accountUsers, users, type invites } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import { recordEvent } from '../../lib/events';
import type { RequestMeta } from '../../lib/request-meta';
import type { AcceptInviteIntent, AppliedIntent } from '../identity/sign-in-intent';
import { syncSeats } from '../billing/billing-seats';
import { mailAccountAdded } from '../identity/account-added-mail';
import { notifyInviteAccepted } from './invite-mail';
import { claimInvite } from './invite.service';
import { queueWebhook } from '../../lib/webhook-queue';

/**
 * An existing user accepts an invite with their password (docs/product.md#screens-and-routes
 * "Signup user"). Runs inside the sign-in's transaction (`ctx` is bound to it), after the second
 * factor when 2FA is on: the invite is claimed only here, so an abandoned challenge leaves it
 * open, and of two challenges racing for it one joins and the other is refused
 * (docs/security.md "Nothing is written before the second factor").
 */
export async function joinInvitedAccount(
  ctx: AppContext,
  userId: string,
  intent: AcceptInviteIntent,
  meta: RequestMeta,
): Promise<AppliedIntent> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error('user of an invite intent not found');
  const invite = await claimInvite(ctx.db, intent.invite_token_hash, user.email, ctx.now());
  if (!invite) throw new AppError('bad_request', 'error.invite_invalid');
  // The invite was mailed to this address, so following it proves the address.
  await ctx.db.update(users).set({ verified: true }).where(eq(users.id, userId));
  return addInvitedMember(ctx, invite, { id: userId, email: user.email }, meta, {
    existingUser: true,
  });
}

/**
 * The membership a claimed invite grants (its permission and advertiser fields), with its event,
 * audit row and mails, in the caller's transaction; the seat count follows after the commit.
 */
export async function addInvitedMember(
  ctx: AppContext,
  invite: typeof invites.$inferSelect,
  invitee: { id: string; email: string },
  meta: RequestMeta,
  options: { existingUser: boolean },
): Promise<AppliedIntent> {
  const { accountId } = invite;
  const joined = await ctx.db
    .insert(accountUsers)
    .values({
      accountId,
      userId: invitee.id,
      permission: invite.permission,
      advertiserName: invite.advertiserName,
      enablePlus: invite.enablePlus,
      plusDashboards: invite.plusDashboards,
    })
    .onConflictDoNothing()
    .returning({ id: accountUsers.id });
  if (joined.length > 0) {
    await queueWebhook(ctx.db, ctx.now(), accountId, 'member.joined', {
      account_id: accountId,
      user_id: invitee.id,
      email: invitee.email,
      permission: PermissionSchema.parse(invite.permission),
      via: 'invite',
    });
  }
  await recordEvent(ctx.db, {
    name: 'accepted_invite',
    userId: invitee.id,
    accountId,
    metadata: { invite_id: invite.id },
  });
  await recordChange(ctx.db, { user: invitee, accountId, meta }, ctx.now(), {
    action: 'invite.accepted',
    targetType: 'invite',
    targetId: invite.id,
    changes: { permission: invite.permission, existing_user: options.existingUser },
  });
  // Queued with the membership, so sent only for a join that happened: the inviter hears of it,
  // and an existing user, who proved only their password, hears of it too.
  await notifyInviteAccepted(ctx, {
    inviterId: invite.invitedBy,
    accountId,
    inviteeId: invitee.id,
  });
  if (options.existingUser) await mailAccountAdded(ctx, invitee.id, accountId);
  return { accountId, afterCommit: (after) => syncSeats(after, accountId) };
}
