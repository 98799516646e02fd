import { asc, eq, and, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, accountUsers, users } from '../db/schema/index';

/**
 * The account an admin command means by an owner's e-mail: their default account if they own it,
 * else the oldest they own.
 */
export async function findOwnedAccount(db: Db, ownerEmail: string) {
  const owned = await db
    .select({ id: accounts.id, name: accounts.name, defaultAccountId: users.defaultAccountId })
    .from(users)
    .innerJoin(accountUsers, eq(accountUsers.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(
      and(
        eq(sql`lower(${users.email})`, ownerEmail.trim().toLowerCase()),
        eq(accountUsers.permission, 'owner'),
      ),
    )
    .orderBy(asc(accountUsers.createdAt));
  return owned.find((account) => account.id === account.defaultAccountId) ?? owned[0] ?? null;
}
