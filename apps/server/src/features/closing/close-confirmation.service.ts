import { eq } from 'drizzle-orm';
import type { CloseInput } from '@partner-portal/shared/team';
import type { AppContext } from '../../lib/app-context';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireOwnSession, type Actor } from '../../lib/auth-guard';
import { verifyPassword } from '../../lib/password';

/**
 * docs/product.md#screens-and-routes "Danger Zone": closing needs the password; a user who has none (signed up through a
 * provider) types their own e-mail address instead (shared CloseInputSchema). Support staff
 * impersonating a user may never close anything in their name.
 */
export async function requireCloseConfirmation(
  ctx: AppContext,
  actor: Actor,
  input: CloseInput,
  audit: { meta: RequestMeta; action: 'account.closed' | 'user.closed' },
): Promise<typeof users.$inferSelect> {
  requireOwnSession(actor);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw new AppError('unauthorized', 'error.unauthorized');
  // A wrong proof is a failed attempt at closing, and the log says so.
  const refuse = async (error: AppError) => {
    await recordChange(ctx.db, { actor, meta: audit.meta }, ctx.now(), {
      action: audit.action,
      targetType: audit.action === 'account.closed' ? 'account' : 'user',
      targetId: audit.action === 'account.closed' ? actor.accountId : actor.userId,
      outcome: 'failure',
      changes: { reason: error.messageKey },
    });
    return error;
  };
  if (user.passwordHash) {
    if (!input.password) {
      throw new AppError('bad_request', 'error.close_password_required', {
        inputError: 'password',
      });
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw await refuse(
        new AppError('bad_request', 'error.close_password_wrong', { inputError: 'password' }),
      );
    }
  } else if (!input.email || input.email !== user.email.toLowerCase()) {
    throw await refuse(
      new AppError('bad_request', 'error.close_email_wrong', { inputError: 'email' }),
    );
  }
  return user;
}

/** A wrong password counts as a guess at it (lib/account-rate-limit.ts `withGuessLimit`). */
export function isWrongClosePassword(error: unknown): boolean {
  return error instanceof AppError && error.messageKey === 'error.close_password_wrong';
}
