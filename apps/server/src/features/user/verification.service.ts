import { eq } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { renderMail } from '../../lib/mail/mail-templates';
import { issueOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';

/** Mails a fresh 24-hour verification link (older links stop working). */
export async function sendVerificationMail(ctx: AppContext, userId: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', 'error.not_found');
  if (user.verified) throw new AppError('conflict', 'error.already_verified');
  const { token } = await issueOneTimeToken(ctx.db, {
    kind: 'verify',
    userId,
    payload: { email: user.email },
    now: ctx.now(),
  });
  const locale = toLocale(user.locale);
  const link = `${ctx.config.appUrl}/signup/verify?token=${encodeURIComponent(token)}`;
  const mail = renderMail('verify', locale, { name: user.firstName, link });
  await ctx.mail.send({ to: user.email, ...mail, template: 'verify', locale });
}

/**
 * Consumes a verification link. The token records the address it was sent to, so a link mailed
 * before an e-mail change cannot verify the new address.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<string> {
  const redeemed = await redeemOneTimeToken(ctx.db, 'verify', token, ctx.now());
  if (!redeemed?.userId)
    throw new AppError('bad_request', 'error.verification_invalid', { inputError: 'token' });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, redeemed.userId)).limit(1);
  if (!user || user.email !== redeemed.payload.email) {
    throw new AppError('bad_request', 'error.verification_invalid', { inputError: 'token' });
  }
  await ctx.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
  return user.id;
}
