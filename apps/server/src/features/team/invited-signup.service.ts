import type { InvitedSignupInput } from '@partner-portal/shared/identity';
import { accountUsers } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { syncSeats } from '../billing/billing-seats';
import { recordEvent } from '../../lib/events';
import { recordChange } from '../../lib/audit';
import { resolveSignupIdentity, signupUserId } from '../user/signup-identity.service';
import { completeFirstFactor } from '../auth/session.service';
import type { RequestMeta } from '../../lib/request-meta';
import { mailAccountAdded } from '../user/account-added-mail';
import { notifyInviteAccepted, type AcceptedInvite } from './invite-mail';
import { claimInvite } from './invite.service';

/**
 * POST /api/user with invite_id (docs/product.md#screens-and-routes "Signup user"): the person joins the inviting account
 * with the invite's permission and advertiser fields; the invite is consumed and, since it was
 * mailed to this address, the e-mail counts as verified. All in one transaction; then the
 * inviter is told (their `invite_accepted` notification) and the person signs in through the
 * first-factor step, so an existing user with 2FA is asked for the code.
 */
export async function signUpInvitedUser(
  ctx: AppContext,
  input: InvitedSignupInput,
  meta: RequestMeta & { locale: string },
) {
  const identity = await resolveSignupIdentity(ctx, input.email, input.password);
  const { existing } = identity;

  const accepted = await ctx.db.transaction(async (tx) => {
    const invite = await claimInvite(tx, input.invite_id, input.email, ctx.now());
    if (!invite) throw new AppError('bad_request', 'error.invite_invalid', { inputError: 'email' });
    const userId = await signupUserId(tx, identity, input, {
      verified: true,
      locale: meta.locale,
      defaultAccountId: invite.accountId,
      now: ctx.now(),
      existingChange: { verified: true },
    });
    await tx
      .insert(accountUsers)
      .values({
        accountId: invite.accountId,
        userId,
        permission: invite.permission,
        advertiserName: invite.advertiserName,
        enablePlus: invite.enablePlus,
        plusDashboards: invite.plusDashboards,
      })
      .onConflictDoNothing();
    await recordEvent(tx, {
      name: 'accepted_invite',
      userId,
      accountId: invite.accountId,
      metadata: { invite_id: invite.id },
    });
    const joined = { id: userId, email: input.email.toLowerCase() };
    await recordChange(tx, { user: joined, accountId: invite.accountId, meta }, ctx.now(), {
      action: 'invite.accepted',
      targetType: 'invite',
      targetId: invite.id,
      changes: { permission: invite.permission, existing_user: Boolean(existing) },
    });
    const accepted: AcceptedInvite = {
      inviterId: invite.invitedBy,
      accountId: invite.accountId,
      inviteeId: userId,
    };
    // Queued with the membership, so sent only for a join that happened: the inviter hears of
    // it, and an existing user, who proved only their password here, hears of it too.
    const txCtx = inTransaction(ctx, tx);
    await notifyInviteAccepted(txCtx, accepted);
    if (existing) await mailAccountAdded(txCtx, userId, invite.accountId);
    return accepted;
  });
  await syncSeats(ctx, accepted.accountId);
  return completeFirstFactor(ctx, accepted.inviteeId, meta, 'invite', {
    accountId: accepted.accountId,
    notify: false,
  });
}
