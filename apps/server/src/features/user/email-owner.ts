import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';

// An address belongs to one user whatever its letter case (the unique index on lower(email)).

const emailInUse = (inputError: string) =>
  new AppError('conflict', 'error.email_in_use', { inputError });

/** Refuses, with a 409 naming `inputError`, an address another user signs in with. */
export async function requireEmailFree(
  db: Db,
  email: string,
  exceptUserId: string,
  inputError: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId)))
    .limit(1);
  if (taken) throw emailInUse(inputError);
}

/**
 * Runs the write that moves a user to an address checked free a moment ago: another user who
 * took it in between makes it the same 409, not a 500.
 */
export async function writeEmail<T>(inputError: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse(inputError);
    throw error;
  }
}
