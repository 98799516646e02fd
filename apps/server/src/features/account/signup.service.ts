import type { SignupInput } from '@partner-portal/shared/identity';
import { accounts, accountUsers } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { recordEvent } from '../../lib/events';
import { resolveSignupIdentity } from '../identity/signup-identity.service';
import { insertUser } from '../identity/insert-user';
import { completeFirstFactor } from '../identity/session.service';
import type { RequestMeta } from '../../lib/request-meta';
import { sendVerificationMail } from '../user/verification.service';
import { createAdditionalAccount } from './additional-account.service';

/**
 * POST /api/account (docs/product.md#screens-and-routes "Signup account"): the account (named after the partner) and its
 * owner in one transaction with the verification mail, then the sign-in. An existing e-mail with
 * its right password gets a new account and `duplicate_user`; since only the password was
 * proved, the account is created by the sign-in itself, so after the code when 2FA is on
 * (docs/security.md "Nothing is written before the second factor"). With a wrong password, a
 * conflict on email.
 */
export async function signUpAccount(
  ctx: AppContext,
  input: SignupInput,
  meta: RequestMeta & { locale: string },
) {
  const identity = await resolveSignupIdentity(ctx, input.email, input.password);
  if (identity.existing) {
    return completeFirstFactor(ctx, identity.existing.id, meta, 'signup', {
      notify: false,
      pending: {
        intent: { type: 'create_account', partner_name: input.partner_name },
        apply: createAdditionalAccount,
      },
    });
  }

  const { userId, accountId } = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: input.partner_name, createdAt: ctx.now() })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account not created');
    const userId = await insertUser(tx, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash: identity.passwordHash,
      verified: false,
      locale: meta.locale,
      darkMode: input.dark_mode,
      defaultAccountId: account.id,
      now: ctx.now(),
    });
    await tx.insert(accountUsers).values({ accountId: account.id, userId, permission: 'owner' });
    await recordEvent(tx, { name: 'signup', userId, accountId: account.id });
    await sendVerificationMail(inTransaction(ctx, tx), userId);
    return { userId, accountId: account.id };
  });

  // A new person has no second factor yet: this is their session.
  return completeFirstFactor(ctx, userId, meta, 'signup', { accountId, notify: false });
}
