import { and, eq } from 'drizzle-orm';
import type { SupportMailInput } from '@partner-portal/shared/support';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/auth-guard';
import type { OutgoingMail } from '../../lib/mail/mail-transport';
import { renderMail } from '../../lib/mail/mail-templates';
import { recordEvent } from '../../lib/events';

const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/** `"Name" <address>` with nothing in the name that could end the quote or the header. */
function mailbox(name: string, address: string): string {
  const safe = name.replace(/["\\\p{Cc}]/gu, ' ').trim();
  return safe ? `"${safe}" <${address}>` : address;
}

/**
 * docs/product.md#screens-and-routes Help / docs/product.md#api-calls `POST /api/utility/mail`: the message goes to SUPPORT_EMAIL with the
 * signed-in user as reply-to, from the database. A body that names another e-mail or name is
 * refused on that field, so nobody can have support answer someone else. The mail carries the
 * account, user id and permission so support can find the user; it is worded in English, the
 * support team's language.
 */
export async function prepareSupportMail(
  ctx: AppContext,
  actor: Actor,
  input: SupportMailInput,
): Promise<OutgoingMail> {
  const [row] = await ctx.db
    .select({ user: users, account: accounts, permission: accountUsers.permission })
    .from(users)
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, actor.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!row) throw new AppError('unauthorized', 'error.unauthorized');
  const { user, account } = row;
  const name = `${user.firstName} ${user.lastName}`.trim();
  if (input.email && input.email !== user.email.toLowerCase()) {
    throw new AppError('bad_request', 'error.support_email_mismatch', { inputError: 'email' });
  }
  if (input.name && !sameText(input.name, name)) {
    throw new AppError('bad_request', 'error.support_name_mismatch', { inputError: 'name' });
  }
  return {
    to: ctx.config.supportEmail,
    replyTo: mailbox(name, user.email),
    ...renderMail('help', 'en', {
      message: input.message,
      name,
      email: user.email,
      user_id: user.id,
      account: account.name,
      account_id: account.id,
      permission: actor.permission,
      locale: user.locale,
    }),
    template: 'help',
    locale: 'en',
  };
}

export async function sendSupportMail(
  ctx: AppContext,
  actor: Actor,
  mail: OutgoingMail,
): Promise<void> {
  await ctx.mail.send(mail, ctx.db);
  await recordEvent(ctx.db, {
    name: 'help_requested',
    userId: actor.userId,
    accountId: actor.accountId,
    metadata: actor.impersonatorId ? { impersonator_id: actor.impersonatorId } : {},
  });
}
