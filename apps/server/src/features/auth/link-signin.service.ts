import { and, eq, gt, sql } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { oneTimeTokens, users } from '../../db/schema/index';
import type { OneTimeTokenKind } from '../../db/schema/index';
import { queuePasswordChangedMail } from '../user/password-change.service';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { renderMail, type MailTemplate } from '../../lib/mail/mail-templates';
import { issueOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import { requireUncommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
import { revokeSessions, sessionsOfUser } from '../../lib/session-token';
import { completeFirstFactor } from '../identity/session.service';
import type { RequestMeta } from '../../lib/request-meta';

// docs/security.md#throttling: mail-sending routes send at most 3 mails a minute per user (the route's
// rate limit covers the IP). Past that the request gets the usual answer and no mail.
const MAILS_PER_USER_PER_MINUTE = 3;

async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user && !user.disabled ? user : null;
}

async function sentRecently(
  ctx: AppContext,
  userId: string,
  kind: OneTimeTokenKind,
): Promise<boolean> {
  const since = new Date(ctx.now().getTime() - 60_000);
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.kind, kind),
        gt(oneTimeTokens.createdAt, since),
      ),
    );
  return (row?.count ?? 0) >= MAILS_PER_USER_PER_MINUTE;
}

/**
 * Mails a link carrying a fresh token; silent for unknown e-mails (no enumeration). With
 * `namesAddress` the link also carries the user's address: the token is opaque (only its hash is
 * stored), so this is how the page knows whose link it is.
 */
async function mailLink(
  ctx: AppContext,
  email: string,
  kind: 'magic' | 'reset',
  template: MailTemplate,
  path: string,
  namesAddress = false,
): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user || (await sentRecently(ctx, user.id, kind))) return;
  const { token } = await issueOneTimeToken(ctx.db, {
    kind,
    userId: user.id,
    payload: { email: user.email },
    now: ctx.now(),
  });
  const locale = toLocale(user.locale);
  const query = new URLSearchParams({ token });
  if (namesAddress) query.set('email', user.email);
  const link = `${ctx.config.appUrl}${path}?${query.toString()}`;
  await ctx.mail.send(
    {
      to: user.email,
      ...renderMail(template, locale, { name: user.firstName, link }),
      template,
      locale,
    },
    ctx.db,
  );
}

export function sendMagicLink(ctx: AppContext, email: string): Promise<void> {
  return mailLink(ctx, email, 'magic', 'magic', '/magic');
}

/**
 * The reset page shows whose password it sets and sends that address back, so the person is not
 * asked for it again. The address is not trusted from the link: resetPassword still checks it
 * against the token's user, so an edited link only fails.
 */
export function sendPasswordResetLink(ctx: AppContext, email: string): Promise<void> {
  return mailLink(ctx, email, 'reset', 'reset', '/resetpassword', true);
}

/** POST /api/auth/magic/verify: the link is the first factor; 2FA users continue to the OTP step. */
export async function signInWithMagicLink(ctx: AppContext, token: string, meta: RequestMeta) {
  const redeemed = await redeemOneTimeToken(ctx.db, 'magic', token, ctx.now());
  if (!redeemed?.userId)
    throw new AppError('bad_request', 'error.magic_invalid', { inputError: 'token' });
  return completeFirstFactor(ctx, redeemed.userId, meta, 'magic_link');
}

/**
 * POST /api/auth/password/reset: the link, the account's e-mail and a new password. Every other
 * session of the user ends, a "password changed" mail goes out, and the user is signed in.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { jwt: string; email: string; password: string },
  meta: RequestMeta,
) {
  // Checked before the link is consumed, so a refused password does not cost the user the link.
  requireUncommonPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const redeemed = await redeemOneTimeToken(tx, 'reset', input.jwt, ctx.now());
    const [user] = redeemed?.userId
      ? await tx.select().from(users).where(eq(users.id, redeemed.userId)).limit(1)
      : [];
    // A link used with the wrong e-mail is spent all the same (committed, then refused).
    if (!user || user.email.toLowerCase() !== input.email) return null;
    // Hashed only for a valid link, so bad links cost no hashing time.
    const passwordHash = await hashPassword(input.password);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions(tx, sessionsOfUser(user.id), ctx.now());
    await queuePasswordChangedMail(ctx, user, tx);
    return user;
  });
  if (!user) throw new AppError('bad_request', 'error.reset_invalid', { inputError: 'email' });
  return completeFirstFactor(ctx, user.id, meta, 'password_reset');
}
