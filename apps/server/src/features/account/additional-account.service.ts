import { eq } from 'drizzle-orm';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { recordEvent } from '../../lib/events';
import type { AppliedIntent, CreateAccountIntent } from '../identity/sign-in-intent';
import { mailAccountAdded } from '../identity/account-added-mail';
import { sendVerificationMail } from '../user/verification.service';

/**
 * The "duplicate user" sign-up (docs/product.md#api-calls POST /api/account): an existing user
 * who proved their password gets a new account they own. Runs inside the sign-in's transaction
 * (`ctx` is bound to it), after the second factor when 2FA is on, so an abandoned challenge
 * leaves nothing behind (docs/security.md "Nothing is written before the second factor").
 */
export async function createAdditionalAccount(
  ctx: AppContext,
  userId: string,
  intent: CreateAccountIntent,
): Promise<AppliedIntent> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error('user of a sign-up intent not found');
  const [account] = await ctx.db
    .insert(accounts)
    .values({ name: intent.partner_name, createdAt: ctx.now() })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not created');
  const accountId = account.id;
  await ctx.db.insert(accountUsers).values({ accountId, userId, permission: 'owner' });
  // Their original password stays in use; the Welcome page warns them (docs/product.md).
  await ctx.db.update(users).set({ duplicateUser: true }).where(eq(users.id, userId));
  await recordEvent(ctx.db, { name: 'signup_additional_account', userId, accountId });
  // Only the password was proved, so the real owner hears of it whatever their settings.
  await mailAccountAdded(ctx, userId, accountId);
  if (!user.verified) await sendVerificationMail(ctx, userId);
  return { accountId };
}
