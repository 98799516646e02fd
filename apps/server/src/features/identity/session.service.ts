import { toLocale } from '@partner-portal/shared/constants';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { SigninResponse } from '@partner-portal/shared/identity';
import type { Db } from '../../db/client';
import { accounts, accountUsers, sessions, users } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireSession, type Actor } from '../../lib/auth-guard';
import { issueOneTimeToken } from '../../lib/one-time-token';
import { createSessionToken, IMPERSONATION_TTL_SECONDS } from '../../lib/session-token';
import { recordChange, type Caller } from '../../lib/audit';
import { recordEvent } from '../../lib/events';
import type { RequestMeta } from '../../lib/request-meta';
import { isNotificationActive } from '../notifications/notification-settings.service';
import { renderMail } from '../../lib/mail/mail-templates';
import { findSigninAccountId, getCurrentUser } from '../../lib/current-user';
import type { AppliedIntent, PendingIntent, SignInIntent } from './sign-in-intent';
import { checkSsoRequirement } from './sso-requirement';

/*
 * The only module that mints sessions (docs/security.md "One way to a session"); ESLint keeps
 * `createSessionToken` out of every other file. It has four doors, each named for the proof it
 * takes:
 * - completeFirstFactor: a password, a mailed link, a social token or a sign-up proved who this
 *   is; with 2FA on the answer is an OTP challenge, never a session;
 * - completeSecondFactor: an OTP challenge redeemed with a right code;
 * - switchSessionAccount: a live session moves to another account of the same user;
 * - startImpersonation: a master's single-use impersonation token.
 */

/** Inserts the session row and answers like a sign-in (docs/product.md#api-calls: token + current user). */
async function issueSession(
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
    .select({ closedAt: accounts.closedAt, disabledAt: accounts.disabledAt })
    .from(accounts)
    .where(eq(accounts.id, input.accountId))
    .limit(1);
  if (!account || account.closedAt) throw new AppError('forbidden', 'error.account_closed');
  if (account.disabledAt) throw new AppError('forbidden', 'error.account_disabled');
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

export interface FirstFactorOptions<I extends SignInIntent> {
  /** The account the session (or the challenge) opens; by default the user's sign-in account. */
  accountId?: string;
  /** False when the caller mails its own notice (sign-up), so the user gets one mail, not two. */
  notify?: boolean;
  /**
   * What this first factor also asks to write (docs/security.md "Nothing is written before the
   * second factor"): applied with the session, or kept in the OTP challenge until the code.
   */
  pending?: PendingIntent<I>;
  /**
   * The account's identity provider asked for a second factor and the account trusts it to
   * (docs/product.md#single-sign-on, `trust_idp_mfa`): no OTP step, recorded as `idp`.
   */
  idpSecondFactor?: boolean;
}

/**
 * The end of every first factor (password, sign-up as an existing user, invite acceptance,
 * verification link, magic link, password reset, social): with 2FA on, only a 5-minute OTP
 * challenge; otherwise a session.
 */
export async function completeFirstFactor<I extends SignInIntent>(
  ctx: AppContext,
  userId: string,
  meta: RequestMeta,
  method: string,
  options: FirstFactorOptions<I> = {},
): Promise<SigninResponse> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.disabled) throw new AppError('unauthorized', 'error.invalid_credentials');
  const { pending } = options;
  // An intent names its own account (or makes it), so a user whose accounts all closed may still
  // sign up for a new one.
  const accountId =
    options.accountId ??
    (pending ? null : await findSigninAccountId(ctx.db, user.id, user.defaultAccountId));
  if (!accountId && !pending) throw await noOpenAccountError(ctx.db, user.id);
  // An intent opens the account it names (a new one, or the one that invited), not this one.
  if (accountId && !pending) method = await checkSsoRequirement(ctx.db, user, accountId, method);
  if (user.totpEnabled && !options.idpSecondFactor) {
    const challenge = await issueOneTimeToken(ctx.db, {
      kind: 'otp_challenge',
      userId,
      accountId,
      payload: pending ? { method, intent: pending.intent } : { method },
      now: ctx.now(),
    });
    return { '2fa_required': true, token: challenge.token };
  }
  const notify = options.notify ?? true;
  const prepare = async (txCtx: AppContext): Promise<SignInTarget> => {
    if (pending) {
      const applied = await pending.apply(txCtx, user.id, pending.intent, meta);
      return { ...applied, method, notify };
    }
    if (!accountId) throw new Error('unreachable: no account and no intent');
    return { accountId, method, notify };
  };
  const idp = user.totpEnabled && options.idpSecondFactor ? 'idp' : undefined;
  return openSignedInSession(ctx, user, meta, prepare, idp);
}

/** Where a sign-in lands and how it is recorded, decided inside its transaction. */
export interface SignInTarget extends AppliedIntent {
  method: string;
  /** Whether the user gets the "new sign-in" mail. */
  notify: boolean;
}

/**
 * POST /api/auth/otp, once the code checked out: `prepare` consumes the challenge and applies
 * what it held, in the same transaction as the session, so a sign-in that fails writes nothing
 * and a challenge spent twice is refused.
 */
export async function completeSecondFactor(
  ctx: AppContext,
  user: typeof users.$inferSelect,
  factor: 'totp' | 'backup',
  meta: RequestMeta,
  prepare: (txCtx: AppContext) => Promise<SignInTarget>,
) {
  return openSignedInSession(ctx, user, meta, prepare, factor);
}

async function openSignedInSession(
  ctx: AppContext,
  user: typeof users.$inferSelect,
  meta: RequestMeta,
  prepare: (txCtx: AppContext) => Promise<SignInTarget>,
  secondFactor?: 'totp' | 'backup' | 'idp',
) {
  // What the sign-in writes, the session and the audit row that records it are saved together.
  const { response, target } = await ctx.db.transaction(async (tx) => {
    const target = await prepare(inTransaction(ctx, tx));
    const issued = await issueSession(tx, ctx.config.sessionSecret, {
      userId: user.id,
      accountId: target.accountId,
      meta,
      now: ctx.now(),
    });
    await recordChange(tx, { user, accountId: target.accountId, meta }, ctx.now(), {
      action: 'auth.signin',
      targetType: 'user',
      targetId: user.id,
      changes: { method: target.method, second_factor: secondFactor ?? null },
    });
    return { response: issued, target };
  });
  const { accountId, method } = target;
  const metadata = secondFactor ? { method, second_factor: secondFactor } : { method };
  await ctx.db.update(users).set({ lastLoginAt: ctx.now() }).where(eq(users.id, user.id));
  await recordEvent(ctx.db, { name: 'signin', userId: user.id, accountId, metadata });
  await target.afterCommit?.(ctx);
  if (target.notify) await notifyNewSignin(ctx, user);
  return response;
}

/** POST /api/auth/switch: a session in another account of the same user; the old one ends. */
export async function switchSessionAccount(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  meta: RequestMeta,
) {
  const response = await issueSession(ctx.db, ctx.config.sessionSecret, {
    userId: actor.userId,
    accountId,
    meta,
    now: ctx.now(),
    impersonatorId: actor.impersonatorId,
  });
  await revokeSession(ctx.db, requireSession(actor).sessionId, ctx.now());
  return response;
}

/**
 * POST /api/auth/impersonate: a session of at most 1 h, and never past the end of the user's
 * support access, that records who is impersonating, saved with the audit row that says so, in
 * the log of the account the operator enters.
 */
export async function startImpersonation(
  ctx: AppContext,
  grant: {
    userId: string;
    accountId: string;
    impersonator: { id: string; email: string };
    reason: string | null;
    supportUntil: Date;
  },
  meta: RequestMeta,
) {
  const secondsLeft = Math.floor((grant.supportUntil.getTime() - ctx.now().getTime()) / 1000);
  return ctx.db.transaction(async (tx) => {
    const issued = await issueSession(tx, ctx.config.sessionSecret, {
      userId: grant.userId,
      accountId: grant.accountId,
      meta,
      now: ctx.now(),
      impersonatorId: grant.impersonator.id,
      ttlSeconds: Math.max(1, Math.min(IMPERSONATION_TTL_SECONDS, secondsLeft)),
    });
    const operator = { ...grant.impersonator, isMaster: true };
    await recordChange(tx, { user: operator, accountId: grant.accountId, meta }, ctx.now(), {
      action: 'impersonation.started',
      targetType: 'user',
      targetId: grant.userId,
      changes: { reason: grant.reason },
    });
    return issued;
  });
}

/**
 * A user whose every account was closed (docs/product.md#screens-and-routes Danger Zone) is told so, once the first factor
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
 * The "new sign-in" mail (docs/product.md#entities notification `new_signin`), unless the user turned it off. A
 * mail server failure must not undo a successful sign-in, so it is logged instead.
 */
async function notifyNewSignin(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string; locale: string },
): Promise<void> {
  if (!(await isNotificationActive(ctx.db, user.id, 'new_signin'))) return;
  const locale = toLocale(user.locale);
  await ctx.mail
    .send(
      {
        to: user.email,
        ...renderMail('new_signin', locale, { name: user.firstName }),
        template: 'new_signin',
        locale,
      },
      ctx.db,
    )
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'new sign-in mail not sent'));
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/**
 * Support access turned off (PATCH /api/user): every support session on the user ends now, each
 * with its `impersonation.ended` row in the log of the account it was in, in the caller's
 * transaction. Ending is a write to `sessions`, so the session cache forgets them as it forgets a
 * sign-out: on this instance before the statement runs, on every other when the trigger's NOTIFY
 * arrives after the commit (docs/security.md#a-cached-session-is-never-trusted-past-its-revocation).
 */
export async function endSupportSessions(tx: Db, by: Caller, now: Date): Promise<void> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, by.actor.userId),
        isNotNull(sessions.impersonatorId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({
      id: sessions.id,
      accountId: sessions.accountId,
      impersonatorId: sessions.impersonatorId,
    });
  for (const session of ended) {
    await recordChange(tx, by, now, {
      action: 'impersonation.ended',
      accountId: session.accountId,
      targetType: 'session',
      targetId: session.id,
      changes: { reason: 'support_access_off', impersonator: session.impersonatorId },
    });
  }
}
