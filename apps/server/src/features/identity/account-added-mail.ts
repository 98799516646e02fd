import { eq } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { accounts, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { renderMail } from '../../lib/mail/mail-templates';

/**
 * Tells a user that their e-mail and password just added an account to their sign-in (a sign-up
 * or an invite accepted as an existing user). Whoever did it proved only the password, so the
 * real owner hears of it whatever their notification settings (docs/security.md).
 */
export async function mailAccountAdded(
  ctx: AppContext,
  userId: string,
  accountId: string,
): Promise<void> {
  const [row] = await ctx.db
    .select({ user: users, accountName: accounts.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, accountId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return;
  const locale = toLocale(row.user.locale);
  await ctx.mail.send(
    {
      to: row.user.email,
      ...renderMail('account_added', locale, {
        name: row.user.firstName,
        account: row.accountName,
        link: `${ctx.config.appUrl}/forgotpassword`,
      }),
      template: 'account_added',
      locale,
    },
    ctx.db,
  );
}
