import { and, eq, sql } from 'drizzle-orm';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import { requireSession, type Actor } from '../../lib/auth-guard';
import { hashPassword, verifyPassword } from '../../lib/password';
import {
  completeFirstFactor,
  revokeSession,
  switchSessionAccount,
} from '../identity/session.service';
import type { RequestMeta } from '../../lib/request-meta';
import { findSigninAccountId } from '../../lib/current-user';

// Verified against when the e-mail is unknown, so both answers take the same time.
const timingDecoy = hashPassword('timing-decoy-password!');

/** Password sign-in: one answer for an unknown e-mail and a wrong password (no enumeration). */
export async function signInWithPassword(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<SigninResponse> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await timingDecoy, input.password), false);
  // Named on the password field so the sign-in form shows it there; the same answer either way.
  if (!user || !valid || user.disabled) {
    // In the log of the account the user would have signed in to, when there is such a user;
    // else in the log of no account.
    const accountId = user
      ? await findSigninAccountId(ctx.db, user.id, user.defaultAccountId)
      : null;
    // An unknown e-mail is named by what was typed, with no user id.
    const who = user ?? { id: null, email: input.email.toLowerCase() };
    await recordChange(ctx.db, { user: who, accountId, meta }, ctx.now(), {
      action: 'auth.signin_failed',
      targetType: 'user',
      targetId: user?.id ?? null,
      outcome: 'failure',
      changes: { reason: !user ? 'unknown_email' : user.disabled ? 'disabled' : 'wrong_password' },
    });
    throw new AppError('unauthorized', 'error.invalid_credentials', { inputError: 'password' });
  }
  return completeFirstFactor(ctx, user.id, meta, 'password');
}

/** DELETE /api/auth: the session ends; a support session's end is the impersonation's. */
export async function signOut(ctx: AppContext, actor: Actor, meta: RequestMeta): Promise<void> {
  const { sessionId } = requireSession(actor);
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, sessionId, ctx.now());
    await recordChange(tx, { actor, meta }, ctx.now(), {
      action: actor.impersonatorId ? 'impersonation.ended' : 'auth.signout',
      targetType: 'session',
      targetId: sessionId,
    });
  });
}

/** POST /api/auth/switch: a session in another account of the same user; the old one ends. */
export async function switchAccount(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  meta: RequestMeta,
) {
  const [membership] = await ctx.db
    .select({ id: accountUsers.id, closedAt: accounts.closedAt })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, actor.userId), eq(accountUsers.accountId, accountId)))
    .limit(1);
  if (!membership || membership.closedAt)
    throw new AppError('not_found', 'error.account_not_found');
  return switchSessionAccount(ctx, actor, accountId, meta);
}
