import { and, eq } from 'drizzle-orm';
import type { ProfileUpdateInput } from '@partner-portal/shared/identity';
import { accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireOwnSession, type Actor } from '../../lib/auth-guard';
import { getCurrentUser } from './current-user.service';
import { changeEmail } from './email-change.service';

/**
 * PATCH /api/user on oneself: names, preferences, the default account (one the user belongs
 * to; anyone else's is "not found"), support access, and the e-mail through its own rule (the
 * user must verify the new address). Answers the updated user.
 */
export async function updateProfile(ctx: AppContext, actor: Actor, input: ProfileUpdateInput) {
  // The e-mail is how the user signs in: support staff impersonating them may not change it.
  if (input.email !== undefined) requireOwnSession(actor);
  if (input.default_account) {
    const [membership] = await ctx.db
      .select({ accountId: accountUsers.accountId })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.userId, actor.userId),
          eq(accountUsers.accountId, input.default_account),
        ),
      )
      .limit(1);
    if (!membership) {
      throw new AppError('not_found', 'error.account_not_found', { inputError: 'default_account' });
    }
  }
  const changes = {
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.default_account !== undefined ? { defaultAccountId: input.default_account } : {}),
    ...(input.dark_mode !== undefined ? { darkMode: input.dark_mode } : {}),
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
    ...(input.support_enabled !== undefined ? { supportEnabled: input.support_enabled } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await ctx.db.update(users).set(changes).where(eq(users.id, actor.userId));
  }
  if (input.email !== undefined) await changeEmail(ctx, actor.userId, input.email);
  return getCurrentUser(ctx.db, actor.userId, actor.accountId);
}
