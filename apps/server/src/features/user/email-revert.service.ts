import { and, eq, isNull, ne } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { oneTimeTokens, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { renderMail } from '../../lib/mail/mail-templates';
import { redeemOneTimeToken } from '../../lib/one-time-token';
import { revokeSessions, sessionsOfUser } from '../../lib/session-token';
import { recordEvent } from '../../lib/events';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { findSigninAccountId } from '../../lib/current-user';
import { TWO_FACTOR_OFF } from './two-factor.service';
import { passwordFingerprint } from './email-change.service';
import { requireEmailFree, writeEmail } from './email-owner';

/**
 * POST /api/user/email/revert { token }: the "this was not me" link mailed to the old address
 * when an e-mail change was asked for (docs/security.md "An e-mail change cannot take an account
 * over"). Whoever holds the old mailbox gets the account back: the old address (verified, since
 * the link proves it), every session ended, every other live link void, and what was changed
 * since the request undone — a new password is cleared (the owner sets one through the reset
 * mail) and 2FA turned on since is turned off, so the intruder's factors open nothing.
 */
export async function revertEmailChange(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<{ email: string }> {
  const now = ctx.now();
  // The link is spent only with the change it makes: a revert refused halfway can be tried again.
  return ctx.db.transaction(async (tx) => {
    const redeemed = await redeemOneTimeToken(tx, 'email_revert', token, now);
    const oldEmail = redeemed?.payload.email;
    if (!redeemed?.userId || typeof oldEmail !== 'string') {
      throw new AppError('bad_request', 'error.email_revert_invalid', { inputError: 'token' });
    }
    const userId = redeemed.userId;
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!current) throw new AppError('bad_request', 'error.email_revert_invalid');
    await requireEmailFree(tx, oldEmail, userId, 'token');
    const passwordChanged = passwordFingerprint(current.passwordHash) !== redeemed.payload.password;
    const twoFactorAdded = current.totpEnabled && redeemed.payload.totp !== true;
    await writeEmail('token', () =>
      tx
        .update(users)
        .set({
          email: oldEmail,
          pendingEmail: null,
          verified: true,
          ...(passwordChanged ? { passwordHash: null } : {}),
          ...(twoFactorAdded ? TWO_FACTOR_OFF : {}),
        })
        .where(eq(users.id, userId)),
    );
    await revokeSessions(tx, sessionsOfUser(userId), now);
    await tx
      .update(oneTimeTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          ne(oneTimeTokens.kind, 'email_revert'),
          isNull(oneTimeTokens.usedAt),
          isNull(oneTimeTokens.revokedAt),
        ),
      );
    await recordEvent(tx, {
      name: 'email_change_reverted',
      userId,
      metadata: { password_cleared: passwordChanged, two_factor_removed: twoFactorAdded },
    });
    const accountId = await findSigninAccountId(tx, userId, current.defaultAccountId);
    await recordChange(tx, { user: { ...current, email: oldEmail }, accountId, meta }, now, {
      action: 'user.email_changed',
      targetType: 'user',
      targetId: userId,
      changes: {
        stage: 'reverted',
        from: current.email,
        to: oldEmail,
        password_cleared: passwordChanged,
        two_factor_removed: twoFactorAdded,
      },
    });
    const locale = toLocale(current.locale);
    await ctx.mail.send(
      {
        to: oldEmail,
        ...renderMail('email_restored', locale, {
          name: current.firstName,
          email: oldEmail,
          new_email: String(redeemed.payload.new_email ?? ''),
          link: `${ctx.config.appUrl}/forgotpassword`,
        }),
        template: 'email_restored',
        locale,
      },
      tx,
    );
    return { email: oldEmail };
  });
}
