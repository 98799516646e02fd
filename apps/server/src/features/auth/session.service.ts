import { toLocale } from '@partner-portal/shared/constants';
import { eq } from 'drizzle-orm';
import type { SigninResponse } from '@partner-portal/shared/identity';
import type { Db } from '../../db/client';
import { accounts, accountUsers, sessions, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { issueOneTimeToken } from '../../lib/one-time-token';
import { createSessionToken } from '../../lib/session-token';
import { recordEvent } from '../events/events.service';
import { isNotificationActive } from '../notifications/notification-settings.service';
import { renderMail } from '../../lib/mail/mail-templates';
import { findSigninAccountId, getCurrentUser } from '../user/current-user.service';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** Issues a session for an account the user belongs to and answers like a sign-in (spec §7). */
export async function issueSession(
  db: Db,
  secret: string,
  input: {
    userId: string;
    accountId: string;
    meta: RequestMeta;
    now: Date;
    impersonatorId?: string | null;
    ttlSeconds?: number;
  },
) {
  // A challenge or link issued before the account closed must not open a session in it.
  const [account] = await db
    .select({ closedAt: accounts.closedAt })
    .from(accounts)
    .where(eq(accounts.id, input.accountId))
    .limit(1);
  if (!account || account.closedAt) throw new AppError('forbidden', 'error.account_closed');
  const session = await createSessionToken(db, secret, {
    userId: input.userId,
    accountId: input.accountId,
    impersonatorId: input.impersonatorId ?? null,
    ttlSeconds: input.ttlSeconds,
    ip: input.meta.ip,
    userAgent: input.meta.userAgent,
    now: input.now,
  });
  return { token: session.token, ...(await getCurrentUser(db, input.userId, input.accountId)) };
}

/**
 * The end of every first factor (password, verification link, magic link, social): with 2FA on,
 * only a 5-minute OTP challenge; otherwise a session in the user's default account.
 */
export async function completeFirstFactor(
  ctx: AppContext,
  userId: string,
  meta: RequestMeta,
  method: string,
): Promise<SigninResponse> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.disabled) throw new AppError('unauthorized', 'error.invalid_credentials');
  const accountId = await findSigninAccountId(ctx.db, user.id, user.defaultAccountId);
  if (!accountId) throw await noOpenAccountError(ctx.db, user.id);
  if (user.totpEnabled) {
    const challenge = await issueOneTimeToken(ctx.db, {
      kind: 'otp_challenge',
      userId,
      accountId,
      payload: { method },
      now: ctx.now(),
    });
    return { '2fa_required': true, token: challenge.token };
  }
  const response = await issueSession(ctx.db, ctx.config.sessionSecret, {
    userId,
    accountId,
    meta,
    now: ctx.now(),
  });
  await ctx.db.update(users).set({ lastLoginAt: ctx.now() }).where(eq(users.id, userId));
  await recordEvent(ctx.db, { name: 'signin', userId, accountId, metadata: { method } });
  await notifyNewSignin(ctx, user);
  return response;
}

/**
 * A user whose every account was closed (spec §2 Danger Zone) is told so, once the first factor
 * has proved who they are; a user with no membership at all gets the usual sign-in refusal.
 */
async function noOpenAccountError(db: Db, userId: string): Promise<AppError> {
  const [membership] = await db
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(eq(accountUsers.userId, userId))
    .limit(1);
  return membership
    ? new AppError('forbidden', 'error.account_closed')
    : new AppError('unauthorized', 'error.invalid_credentials');
}

/**
 * The "new sign-in" mail (spec §3 notification `new_signin`), unless the user turned it off. A
 * mail server failure must not undo a successful sign-in, so it is logged instead.
 */
export async function notifyNewSignin(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string; locale: string },
): Promise<void> {
  if (!(await isNotificationActive(ctx.db, user.id, 'new_signin'))) return;
  const locale = toLocale(user.locale);
  await ctx.mail
    .send({
      to: user.email,
      ...renderMail('new_signin', locale, { name: user.firstName }),
      template: 'new_signin',
      locale,
    })
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'new sign-in mail not sent'));
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
