import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireUncommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/password';
import { insertUser } from './insert-user';

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

type SignupIdentity = Awaited<ReturnType<typeof resolveSignupIdentity>>;

/**
 * The user a sign-up lands on, inside its transaction: the existing person with `existingChange`
 * applied (they proved their password above), or a new user row.
 */
export async function signupUserId(
  tx: Db,
  { existing, passwordHash }: SignupIdentity,
  person: { email: string; first_name: string; last_name: string },
  options: {
    verified: boolean;
    locale: string;
    defaultAccountId: string;
    now: Date;
    existingChange: Partial<typeof users.$inferInsert>;
  },
): Promise<string> {
  if (existing) {
    await tx.update(users).set(options.existingChange).where(eq(users.id, existing.id));
    return existing.id;
  }
  return insertUser(tx, {
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
    passwordHash,
    verified: options.verified,
    locale: options.locale,
    defaultAccountId: options.defaultAccountId,
    now: options.now,
  });
}
