import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { renderMail } from '../../lib/mail/mail-templates';
import { verifyPassword } from '../../lib/password';
import { decryptSecret } from '../../lib/secret-box';
import { createTotp, matchTotpStep, normalizeBackupCode } from './totp';

type UserRow = typeof users.$inferSelect;

/**
 * docs/security.md "Second factor capped per user": each OTP challenge allows 5 wrong codes, but
 * a password opens any number of challenges, so tries also count per user across all of them
 * (TOTP and backup codes alike). Past the cap every code is refused, even a right one, until the
 * window has passed, and the user is mailed once.
 */
const SECOND_FACTOR_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 } as const;

/**
 * Checks a one-time code for a user (sign-in challenge, turning 2FA on or off, confirming an
 * e-mail change). Each try is counted before the code is looked at, atomically, so even a burst
 * of parallel tries gets at most `maxFailures` looks per window; past that, 429. A right code
 * clears the count.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
): Promise<'totp' | 'backup' | null> {
  const now = ctx.now();
  const tries = await countTry(ctx, user.id, now);
  if (tries.count > SECOND_FACTOR_LIMIT.maxFailures) throw lockedError(tries.since, now);
  const factor = await matchSecondFactor(ctx, user, code);
  if (factor) {
    await ctx.db
      .update(users)
      .set({ secondFactorFailures: 0, secondFactorFailedSince: null })
      .where(eq(users.id, user.id));
    return factor;
  }
  if (tries.count === SECOND_FACTOR_LIMIT.maxFailures) await mailLocked(ctx, user);
  return null;
}

/** One more try in the user's current window (a new window when the last one has passed). */
async function countTry(ctx: AppContext, userId: string, now: Date) {
  const windowStart = new Date(now.getTime() - SECOND_FACTOR_LIMIT.windowMs).toISOString();
  const inWindow = sql`${users.secondFactorFailedSince} > ${windowStart}::timestamptz`;
  const [row] = await ctx.db
    .update(users)
    .set({
      secondFactorFailures: sql`case when ${inWindow} then ${users.secondFactorFailures} + 1 else 1 end`,
      secondFactorFailedSince: sql`case when ${inWindow} then ${users.secondFactorFailedSince} else ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(users.id, userId))
    .returning({ count: users.secondFactorFailures, since: users.secondFactorFailedSince });
  return { count: row?.count ?? 0, since: row?.since ?? now };
}

function lockedError(since: Date, now: Date): AppError {
  const seconds = Math.max(
    1,
    Math.ceil((since.getTime() + SECOND_FACTOR_LIMIT.windowMs - now.getTime()) / 1000),
  );
  return new AppError('rate_limited', 'error.second_factor_locked', {
    params: { minutes: Math.ceil(seconds / 60) },
    retryAfterSeconds: seconds,
  });
}

/** The wrong code that used up the allowance tells the user, once per window. */
async function mailLocked(ctx: AppContext, user: UserRow) {
  const locale = toLocale(user.locale);
  await ctx.mail
    .send(
      {
        to: user.email,
        ...renderMail('second_factor_locked', locale, {
          name: user.firstName,
          count: String(SECOND_FACTOR_LIMIT.maxFailures),
          minutes: String(SECOND_FACTOR_LIMIT.windowMs / 60_000),
          link: `${ctx.config.appUrl}/forgotpassword`,
        }),
        template: 'second_factor_locked',
        locale,
      },
      ctx.db,
    )
    .catch((error: unknown) => ctx.log.error({ err: error }, 'second-factor lock mail not sent'));
}

/**
 * Matches a one-time code against the user's TOTP secret (current or previous step, each step
 * usable once: the step is claimed atomically) or their single-use backup code.
 */
async function matchSecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
): Promise<'totp' | 'backup' | null> {
  if (!user.totpSecretEncrypted) return null;
  const totp = createTotp(
    decryptSecret(ctx.config.encryptionKey, user.totpSecretEncrypted),
    user.email,
  );
  const step = matchTotpStep(totp, code.trim(), ctx.now());
  if (step !== null) {
    const claimed = await ctx.db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    return claimed.length === 1 ? 'totp' : null;
  }
  if (
    user.backupCodeHash &&
    (await verifyPassword(user.backupCodeHash, normalizeBackupCode(code)))
  ) {
    const claimed = await ctx.db
      .update(users)
      .set({ backupCodeHash: null })
      .where(and(eq(users.id, user.id), eq(users.backupCodeHash, user.backupCodeHash)))
      .returning({ id: users.id });
    return claimed.length === 1 ? 'backup' : null;
  }
  return null;
}
