import { and, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { sendVerificationMail } from './verification.service';

/**
 * Spec §2 "Verify e-mail": a user who changes their e-mail must verify the new address. The user
 * is unverified from that moment (the route guard sends them to /signup/verify) and a link goes
 * to the new address; links mailed to the old one stop working, since each records the address
 * it was sent to. The same address in other letter case is not a change.
 */
export async function changeEmail(
  ctx: AppContext,
  userId: string,
  newEmail: string,
): Promise<{ changed: boolean }> {
  const email = newEmail.trim().toLowerCase();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', 'error.not_found');
  if (user.email.toLowerCase() === email) return { changed: false };

  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw new AppError('conflict', 'error.email_in_use', { inputError: 'email' });

  await ctx.db.update(users).set({ email, verified: false }).where(eq(users.id, userId));
  await sendVerificationMail(ctx, userId);
  return { changed: true };
}
