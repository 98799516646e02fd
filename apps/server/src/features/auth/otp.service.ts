import { eq, sql } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { peekOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import { verifySecondFactor } from '../user/second-factor.service';
import { completeSecondFactor } from './session.service';
import type { RequestMeta } from '../../lib/request-meta';

/** docs/security.md#two-factor-codes: at most 5 wrong codes per challenge, then it is dead. */
const MAX_OTP_ATTEMPTS = 5;

/** POST /api/auth/otp { code, jwt }: the second step of every sign-in when 2FA is on. */
export async function completeOtpChallenge(
  ctx: AppContext,
  input: { code: string; jwt: string },
  meta: RequestMeta,
) {
  const challenge = await peekOneTimeToken(ctx.db, 'otp_challenge', input.jwt, ctx.now());
  if (!challenge?.userId || !challenge.accountId)
    throw new AppError('unauthorized', 'error.otp_challenge_expired');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!user || user.disabled) throw new AppError('unauthorized', 'error.otp_challenge_expired');

  const factor = await verifySecondFactor(ctx, user, input.code);
  if (!factor) {
    const [counted] = await ctx.db
      .update(oneTimeTokens)
      .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
      .where(eq(oneTimeTokens.id, challenge.id))
      .returning({ attempts: oneTimeTokens.attempts });
    if ((counted?.attempts ?? MAX_OTP_ATTEMPTS) >= MAX_OTP_ATTEMPTS) {
      await ctx.db
        .update(oneTimeTokens)
        .set({ revokedAt: ctx.now() })
        .where(eq(oneTimeTokens.id, challenge.id));
      throw new AppError('unauthorized', 'error.otp_challenge_expired');
    }
    throw new AppError('bad_request', 'error.otp_invalid', { inputError: 'code' });
  }
  // Consume the challenge only now: a right code must win even against parallel tries.
  if (!(await redeemOneTimeToken(ctx.db, 'otp_challenge', input.jwt, ctx.now()))) {
    throw new AppError('unauthorized', 'error.otp_challenge_expired');
  }
  const { accountId, payload } = challenge;
  return completeSecondFactor(ctx, user, { accountId, payload }, factor, meta);
}
