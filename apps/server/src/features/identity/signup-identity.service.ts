import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireUncommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/password';

/**
 * Who is signing up (docs/product.md#screens-and-routes sign-up screens): a new person gets a fresh password hash; an
 * existing user must prove it with their current password, else it is a conflict on email.
 */
export async function resolveSignupIdentity(ctx: AppContext, email: string, password: string) {
  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (
    existing &&
    !(existing.passwordHash && (await verifyPassword(existing.passwordHash, password)))
  ) {
    throw new AppError('conflict', 'error.email_taken', { inputError: 'email' });
  }
  if (existing) return { existing, passwordHash: null };
  requireUncommonPassword(password);
  return { existing: null, passwordHash: await hashPassword(password) };
}
