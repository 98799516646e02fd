import { and, eq } from 'drizzle-orm';
import { toLocale, type Locale } from '@partner-portal/shared/constants';
import type { Db } from '../../db/client';
import { accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { renderMail } from '../../lib/mail/mail-templates';

/** The members of `accountId` without 2FA: whom the account's policy waits for. */
export function membersWithout2fa(db: Db, accountId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      permission: accountUsers.permission,
    })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(users.totpEnabled, false)))
    .orderBy(users.email);
}

/**
 * The deadline as a reader sees it wherever they are: the date and time in UTC, said so (a
 * member's own time zone is not known to the server).
 */
function formatDeadline(deadline: Date, locale: Locale): string {
  const when = new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(deadline);
  return `${when} UTC`;
}

/**
 * Mails each of `members` the account's deadline, in their language, through the outbox in
 * `ctx.db` (the caller's transaction): the mail goes if and only if the change commits.
 */
export async function mailTwoFactorDeadline(
  ctx: AppContext,
  template: 'two_factor_required' | 'two_factor_reminder',
  account: { name: string },
  deadline: Date,
  members: { email: string; firstName: string; locale: string }[],
): Promise<void> {
  for (const member of members) {
    const locale = toLocale(member.locale);
    await ctx.mail.send(
      {
        to: member.email,
        ...renderMail(template, locale, {
          name: member.firstName,
          account: account.name,
          deadline: formatDeadline(deadline, locale),
          link: `${ctx.config.appUrl}/account/2fa`,
        }),
        template,
        locale,
      },
      ctx.db,
    );
  }
}
