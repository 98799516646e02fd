import { and, eq, sql } from 'drizzle-orm';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { auditActor, recordAudit } from '../../lib/audit';
import { requireSession, type Actor } from '../../lib/auth-guard';
import { hashPassword, verifyPassword } from '../../lib/password';
import { completeFirstFactor, revokeSession, switchSessionAccount } from './session.service';
import type { RequestMeta } from '../../lib/request-meta';
import { findSigninAccountId } from '../user/current-user.service';

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
    await recordAudit(ctx.db, {
      at: ctx.now(),
      accountId: user ? await findSigninAccountId(ctx.db, user.id, user.defaultAccountId) : null,
      actorType: 'user',
      actorId: user?.id ?? null,
      actorLabel: input.email.toLowerCase(),
      action: 'auth.signin_failed',
      targetType: 'user',
      targetId: user?.id ?? null,
      outcome: 'failure',
      ip: meta.ip,
      userAgent: meta.userAgent,
      requestId: meta.requestId ?? null,
      changes: { reason: !user ? 'unknown_email' : user.disabled ? 'disabled' : 'wrong_password' },
    });
    throw new AppError('unauthorized', 'error.invalid_credentials', { inputError: 'password' });
  }
  return completeFirstFactor(ctx, user.id, meta, 'password');
}

export async function signOut(ctx: AppContext, actor: Actor, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, requireSession(actor).sessionId, ctx.now());
    await recordAudit(tx, {
      ...auditActor(actor, meta),
      at: ctx.now(),
      action: 'auth.signout',
      targetType: 'session',
      targetId: actor.sessionId,
      outcome: 'success',
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
