import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import type { Db } from '../../db/client';
import { oneTimeTokens, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { renderMail } from '../../lib/mail/mail-templates';
import { issueOneTimeToken } from '../../lib/one-time-token';
import { verifyPassword } from '../../lib/password';
import { recordEvent } from '../../lib/events';
import { requireEmailFree } from './email-owner';
import { verifySecondFactor } from './second-factor.service';
import { sendVerificationMail } from './verification.service';

type UserRow = typeof users.$inferSelect;

/*
 * docs/security.md "An e-mail change cannot take an account over". A new address is proved with
 * the current password (a 2FA code, or a code mailed to the current address, for a user without
 * one); it waits in `pending_email` while the user keeps signing in with the old address; the new
 * address confirms it from its own mailbox; and the old address is told, with a "this was not
 * me" link (email-revert.service.ts) that works for 7 days, even after the change went through.
 */

export interface EmailChangeProof {
  password?: string;
  code?: string;
}

export type EmailChangePlan =
  { kind: 'none' } | { kind: 'cancel' } | { kind: 'request'; user: UserRow; email: string };

const MAX_CODE_ATTEMPTS = 5;

/**
 * Everything that can refuse an e-mail change, before anything is written: the address is free,
 * and the proof holds. A wrong password is `error.email_change_password_wrong` (counted as a
 * guess by the route).
 */
export async function planEmailChange(
  ctx: AppContext,
  userId: string,
  newEmail: string,
  proof: EmailChangeProof,
): Promise<EmailChangePlan> {
  const email = newEmail.trim().toLowerCase();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', 'error.not_found');
  // The same address (in any letter case) is no change; it withdraws a change still pending.
  if (user.email.toLowerCase() === email)
    return user.pendingEmail ? { kind: 'cancel' } : { kind: 'none' };

  await requireEmailFree(ctx.db, email, userId, 'email');

  await requireProof(ctx, user, email, proof);
  return { kind: 'request', user, email };
}

async function requireProof(
  ctx: AppContext,
  user: UserRow,
  email: string,
  proof: EmailChangeProof,
) {
  if (user.passwordHash) {
    if (!proof.password) {
      throw new AppError('bad_request', 'error.email_change_password_required', {
        inputError: 'password',
      });
    }
    if (!(await verifyPassword(user.passwordHash, proof.password))) {
      throw new AppError('bad_request', 'error.email_change_password_wrong', {
        inputError: 'password',
      });
    }
    return;
  }
  if (user.totpEnabled) {
    if (!proof.code || !(await verifySecondFactor(ctx, user, proof.code))) {
      const key = proof.code
        ? 'error.email_change_code_invalid'
        : 'error.email_change_code_required';
      throw new AppError('bad_request', key, { inputError: 'code' });
    }
    return;
  }
  if (!proof.code) {
    await mailEmailCode(ctx, user, email);
    throw new AppError('bad_request', 'error.email_change_code_sent', {
      inputError: 'code',
      params: { email: user.email },
    });
  }
  if (!(await redeemEmailCode(ctx.db, user.id, email, proof.code, ctx.now()))) {
    throw new AppError('bad_request', 'error.email_change_code_invalid', { inputError: 'code' });
  }
}

const codeHash = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code.trim()}`).digest('hex');

/** A 6-digit code to the current address, bound to the address asked for; at most one a minute. */
async function mailEmailCode(ctx: AppContext, user: UserRow, email: string): Promise<void> {
  const [recent] = await ctx.db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.kind, 'email_code'),
        isNull(oneTimeTokens.revokedAt),
        gt(oneTimeTokens.createdAt, new Date(ctx.now().getTime() - 60_000)),
      ),
    )
    .limit(1);
  if (recent) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await issueOneTimeToken(ctx.db, {
    kind: 'email_code',
    userId: user.id,
    payload: { email, code_hash: codeHash(user.id, code) },
    now: ctx.now(),
  });
  const locale = toLocale(user.locale);
  await ctx.mail.send(
    {
      to: user.email,
      ...renderMail('email_code', locale, { name: user.firstName, code, new_email: email }),
      template: 'email_code',
      locale,
    },
    ctx.db,
  );
}

/** The user's newest live code, for this very address; 5 wrong tries end it. */
async function redeemEmailCode(
  db: Db,
  userId: string,
  email: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const [live] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.kind, 'email_code'),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.revokedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  if (!live || live.payload.email !== email) return false;
  const expected = Buffer.from(String(live.payload.code_hash ?? ''));
  const given = Buffer.from(codeHash(userId, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await db
      .update(oneTimeTokens)
      .set({
        attempts: sql`${oneTimeTokens.attempts} + 1`,
        revokedAt: live.attempts + 1 >= MAX_CODE_ATTEMPTS ? now : null,
      })
      .where(eq(oneTimeTokens.id, live.id));
    return false;
  }
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, live.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}

/** The writes of a planned change, in the caller's transaction. */
export async function applyEmailChange(db: Db, userId: string, plan: EmailChangePlan) {
  if (plan.kind === 'none') return;
  await db
    .update(users)
    .set({ pendingEmail: plan.kind === 'request' ? plan.email : null })
    .where(eq(users.id, userId));
}

/** What a password hash looked like, kept in the revert link without keeping the hash. */
export function passwordFingerprint(passwordHash: string | null): string {
  return createHash('sha256')
    .update(passwordHash ?? '')
    .digest('hex');
}

/**
 * In the change's transaction (`ctx` inside it): the confirmation link to the new address, and to the old one the notice
 * with its "this was not me" link, which records what the password and 2FA were, so undoing
 * can take back what was changed since.
 */
export async function mailEmailChange(ctx: AppContext, plan: EmailChangePlan): Promise<void> {
  if (plan.kind !== 'request') return;
  const { user, email } = plan;
  await sendVerificationMail(ctx, user.id);
  const { token } = await issueOneTimeToken(ctx.db, {
    kind: 'email_revert',
    userId: user.id,
    keepOlder: true,
    payload: {
      email: user.email,
      new_email: email,
      password: passwordFingerprint(user.passwordHash),
      totp: user.totpEnabled,
    },
    now: ctx.now(),
  });
  const locale = toLocale(user.locale);
  await ctx.mail.send(
    {
      to: user.email,
      ...renderMail('email_change_requested', locale, {
        name: user.firstName,
        email: user.email,
        new_email: email,
        link: `${ctx.config.appUrl}/email/revert?token=${encodeURIComponent(token)}`,
      }),
      template: 'email_change_requested',
      locale,
    },
    ctx.db,
  );
  await recordEvent(ctx.db, { name: 'email_change_requested', userId: user.id });
}
