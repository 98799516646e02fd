import { and, eq, isNotNull } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { renderMail } from '../../lib/mail/mail-templates';
import { isNotificationActive } from '../notifications/notification-settings.service';

/**
 * docs/product.md#screens-and-routes "Signup user": the page reads the e-mail and the hidden invite id from the query. That
 * `id` is the invite's one-time link token (base64url), never its row id.
 */
function inviteLink(appUrl: string, invite: { token: string; email: string }): string {
  return `${appUrl}/signup/user?email=${encodeURIComponent(invite.email)}&id=${encodeURIComponent(invite.token)}`;
}

async function loadUser(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

async function loadAccount(ctx: AppContext, accountId: string) {
  const [account] = await ctx.db
    .select({ name: accounts.name, requires2fa: isNotNull(accounts.twoFactorDeadline) })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account ?? { name: '', requires2fa: false };
}

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/**
 * One `invite` mail per invitee, worded in the inviter's language (the invitee has no stored
 * language yet), naming the inviter and the account, with the sign-up link built from APP_URL;
 * an account that requires 2FA tells them they will set it up on joining.
 */
export async function mailInvites(
  ctx: AppContext,
  inviterId: string,
  accountId: string,
  sent: readonly { token: string; email: string }[],
): Promise<void> {
  const [inviter, account] = await Promise.all([
    loadUser(ctx, inviterId),
    loadAccount(ctx, accountId),
  ]);
  const locale = toLocale(inviter?.locale);
  const values = { inviter: inviter ? fullName(inviter) : '', account: account.name };
  // An account that requires 2FA says so before anyone joins it (docs/product.md#two-factor-policy).
  const wording = account.requires2fa ? 'invite_2fa' : 'invite';
  for (const invite of sent) {
    const link = inviteLink(ctx.config.appUrl, invite);
    await ctx.mail.send(
      {
        to: invite.email,
        ...renderMail(wording, locale, { ...values, link }),
        template: 'invite',
        locale,
      },
      ctx.db,
    );
  }
}

export interface AcceptedInvite {
  inviterId: string | null;
  accountId: string;
  inviteeId: string;
}

/**
 * docs/product.md#entities notification `invite_accepted`: tells the inviter someone joined, unless they turned
 * it off or have left the account since. Queued in the sign-up's transaction (`ctx` inside it).
 */
export async function notifyInviteAccepted(
  ctx: AppContext,
  accepted: AcceptedInvite,
): Promise<void> {
  const { inviterId, accountId, inviteeId } = accepted;
  if (!inviterId || inviterId === inviteeId) return;
  const [membership] = await ctx.db
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.userId, inviterId), eq(accountUsers.accountId, accountId)))
    .limit(1);
  if (!membership) return;
  if (!(await isNotificationActive(ctx.db, inviterId, 'invite_accepted'))) return;
  const [inviter, invitee] = await Promise.all([
    loadUser(ctx, inviterId),
    loadUser(ctx, inviteeId),
  ]);
  if (!inviter || !invitee) return;
  const locale = toLocale(inviter.locale);
  const mail = renderMail('invite_accepted', locale, {
    name: inviter.firstName,
    invitee: fullName(invitee),
    email: invitee.email,
    account: (await loadAccount(ctx, accountId)).name,
    link: `${ctx.config.appUrl}/account/users`,
  });
  await ctx.mail.send({ to: inviter.email, ...mail, template: 'invite_accepted', locale }, ctx.db);
}
