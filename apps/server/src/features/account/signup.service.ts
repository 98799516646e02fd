import type { SignupInput } from '@partner-portal/shared/identity';
import { accounts, accountUsers } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { recordEvent } from '../../lib/events';
import { resolveSignupIdentity, signupUserId } from '../user/signup-identity.service';
import { completeFirstFactor } from '../auth/session.service';
import type { RequestMeta } from '../../lib/request-meta';
import { mailAccountAdded } from '../user/account-added-mail';
import { sendVerificationMail } from '../user/verification.service';

/**
 * POST /api/account (docs/product.md#screens-and-routes "Signup account"): the account (named after the partner) and its
 * owner in one transaction with the verification mail, then the sign-in. An existing e-mail with
 * its right password gets a new account and `duplicate_user`, and since only the password was
 * proved, the sign-in goes through the first-factor step (the OTP challenge when 2FA is on) and
 * the user is mailed; with a wrong password, a conflict on email.
 */
export async function signUpAccount(
  ctx: AppContext,
  input: SignupInput,
  meta: RequestMeta & { locale: string },
) {
  const identity = await resolveSignupIdentity(ctx, input.email, input.password);
  const { existing } = identity;

  const { userId, accountId } = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: input.partner_name, createdAt: ctx.now() })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account not created');
    const userId = await signupUserId(tx, identity, input, {
      verified: false,
      locale: meta.locale,
      defaultAccountId: account.id,
      now: ctx.now(),
      existingChange: { duplicateUser: true },
    });
    await tx.insert(accountUsers).values({ accountId: account.id, userId, permission: 'owner' });
    await recordEvent(tx, {
      name: existing ? 'signup_additional_account' : 'signup',
      userId,
      accountId: account.id,
    });
    const txCtx = inTransaction(ctx, tx);
    if (existing) await mailAccountAdded(txCtx, userId, account.id);
    if (!existing?.verified) await sendVerificationMail(txCtx, userId);
    return { userId, accountId: account.id };
  });

  return completeFirstFactor(ctx, userId, meta, 'signup', { accountId, notify: false });
}
