import { and, eq } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { renderMail } from '../../lib/mail/mail-templates';
import { issueOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import { requireEmailFree, writeEmail } from './email-owner';
import { recordEvent } from '../../lib/events';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { findSigninAccountId } from '../../lib/current-user';

/**
 * Mails a fresh 24-hour verification link (older links stop working): to a new address waiting
 * to be confirmed, else to the user's address while it is unverified.
 */
export async function sendVerificationMail(ctx: AppContext, userId: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', 'error.not_found');
  const to = user.pendingEmail ?? user.email;
  if (!user.pendingEmail && user.verified) throw new AppError('conflict', 'error.already_verified');
  const { token } = await issueOneTimeToken(ctx.db, {
    kind: 'verify',
    userId,
    payload: { email: to },
    now: ctx.now(),
  });
  const locale = toLocale(user.locale);
  const link = `${ctx.config.appUrl}/signup/verify?token=${encodeURIComponent(token)}`;
  const mail = renderMail('verify', locale, { name: user.firstName, link });
  await ctx.mail.send({ to, ...mail, template: 'verify', locale }, ctx.db);
}

/**
 * Consumes a verification link. The token records the address it was sent to: the user's own
 * address becomes verified; a pending new address becomes the user's address (if nobody took it
 * meanwhile). A link for any other address — one mailed before a later change — does nothing.
 */
export async function verifyEmail(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<string> {
  const redeemed = await redeemOneTimeToken(ctx.db, 'verify', token, ctx.now());
  if (!redeemed?.userId)
    throw new AppError('bad_request', 'error.verification_invalid', { inputError: 'token' });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, redeemed.userId)).limit(1);
  const address = redeemed.payload.email;
  if (user && address === user.email) {
    await ctx.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
    return user.id;
  }
  if (user && typeof address === 'string' && address === user.pendingEmail) {
    await requireEmailFree(ctx.db, address, user.id, 'token');
    const accountId = await findSigninAccountId(ctx.db, user.id, user.defaultAccountId);
    await ctx.db.transaction(async (tx) => {
      await writeEmail('token', () =>
        tx
          .update(users)
          .set({ email: address, pendingEmail: null, verified: true })
          .where(and(eq(users.id, user.id), eq(users.pendingEmail, address))),
      );
      await recordEvent(tx, { name: 'email_changed', userId: user.id });
      // Named by the address that proved it: the new one, from its own mailbox.
      await recordChange(tx, { user: { ...user, email: address }, accountId, meta }, ctx.now(), {
        action: 'user.email_changed',
        targetType: 'user',
        targetId: user.id,
        changes: { stage: 'confirmed', from: user.email, to: address },
      });
    });
    return user.id;
  }
  throw new AppError('bad_request', 'error.verification_invalid', { inputError: 'token' });
}
