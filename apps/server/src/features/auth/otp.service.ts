import { eq, sql } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { peekOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import { verifySecondFactor } from '../user/second-factor.service';
import { completeSecondFactor } from '../identity/session.service';
import { applyIntent, readStoredIntent, type IntentAppliers } from '../identity/sign-in-intent';
import type { RequestMeta } from '../../lib/request-meta';

/** docs/security.md#two-factor-codes: at most 5 wrong codes per challenge, then it is dead. */
const MAX_OTP_ATTEMPTS = 5;

/**
 * POST /api/auth/otp { code, jwt }: the second step of every sign-in when 2FA is on. The first
 * factor may have left an intent in the challenge (a new account, an invite to accept), which
 * `appliers` write only here, once the code is right.
 */
export async function completeOtpChallenge(
  ctx: AppContext,
  input: { code: string; jwt: string },
  meta: RequestMeta,
  appliers: IntentAppliers,
) {
  const challenge = await peekOneTimeToken(ctx.db, 'otp_challenge', input.jwt, ctx.now());
  if (!challenge?.userId) throw new AppError('unauthorized', 'error.otp_challenge_expired');
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
  return completeSecondFactor(ctx, user, factor, meta, async (txCtx) => {
    // Consume the challenge only now, in the sign-in's transaction: a right code must win even
    // against parallel tries, and what the challenge held is written at most once.
    const redeemed = await redeemOneTimeToken(txCtx.db, 'otp_challenge', input.jwt, ctx.now());
    if (!redeemed) throw new AppError('unauthorized', 'error.otp_challenge_expired');
    const method =
      typeof redeemed.payload.method === 'string' ? redeemed.payload.method : 'password';
    const intent = readStoredIntent(redeemed.payload);
    if (intent) {
      // The intent's own mail (account_added) tells the user; no second "new sign-in" mail.
      const applied = await applyIntent(appliers, txCtx, user.id, intent, meta);
      return { ...applied, method, notify: false };
    }
    if (!redeemed.accountId) throw new AppError('unauthorized', 'error.otp_challenge_expired');
    return { accountId: redeemed.accountId, method, notify: true };
  });
}
