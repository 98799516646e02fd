import type { InvitedSignupInput } from '@partner-portal/shared/identity';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/one-time-token';
import { resolveSignupIdentity } from '../identity/signup-identity.service';
import { insertUser } from '../identity/insert-user';
import { completeFirstFactor } from '../identity/session.service';
import type { RequestMeta } from '../../lib/request-meta';
import { addInvitedMember, joinInvitedAccount } from './invite-acceptance.service';
import { claimInvite, findOpenInvite } from './invite.service';

const inviteInvalid = () =>
  new AppError('bad_request', 'error.invite_invalid', { inputError: 'email' });

/**
 * POST /api/user with invite_id (docs/product.md#screens-and-routes "Signup user"): the person joins the inviting account
 * with the invite's permission and advertiser fields; the invite is consumed and, since it was
 * mailed to this address, the e-mail counts as verified. A new person is created and joins in
 * one transaction, then signs in. An existing user proved only their password, so they join
 * through the first-factor step: with the session, or after the code when 2FA is on
 * (docs/security.md "Nothing is written before the second factor").
 */
export async function signUpInvitedUser(
  ctx: AppContext,
  input: InvitedSignupInput,
  meta: RequestMeta & { locale: string },
) {
  const identity = await resolveSignupIdentity(ctx, input.email, input.password);
  const tokenHash = hashToken(input.invite_id);
  // A dead link is refused before any code is asked for; the invite is claimed only when the
  // membership is written.
  const open = await findOpenInvite(ctx.db, tokenHash, input.email, ctx.now());
  if (!open) throw inviteInvalid();

  if (identity.existing) {
    return completeFirstFactor(ctx, identity.existing.id, meta, 'invite', {
      accountId: open.accountId,
      notify: false,
      pending: {
        intent: { type: 'accept_invite', invite_token_hash: tokenHash },
        apply: joinInvitedAccount,
      },
    });
  }

  const { userId, joined } = await ctx.db.transaction(async (tx) => {
    const invite = await claimInvite(tx, tokenHash, input.email, ctx.now());
    if (!invite) throw inviteInvalid();
    const userId = await insertUser(tx, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash: identity.passwordHash,
      verified: true,
      locale: meta.locale,
      darkMode: input.dark_mode,
      defaultAccountId: invite.accountId,
      now: ctx.now(),
    });
    const invitee = { id: userId, email: input.email.toLowerCase() };
    const joined = await addInvitedMember(inTransaction(ctx, tx), invite, invitee, meta, {
      existingUser: false,
    });
    return { userId, joined };
  });
  await joined.afterCommit?.(ctx);
  // A new person has no second factor yet: this is their session.
  return completeFirstFactor(ctx, userId, meta, 'invite', {
    accountId: joined.accountId,
    notify: false,
  });
}
