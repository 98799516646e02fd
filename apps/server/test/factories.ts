import { randomUUID } from 'node:crypto';
import type { Permission } from '@partner-portal/shared/permissions';
import type { PlanId } from '@partner-portal/shared/plans';
import type { Db } from '../src/db/client';
import { accounts, accountUsers, users } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/password';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export async function createAccount(
  db: Db,
  overrides: Partial<typeof accounts.$inferInsert> & { plan?: PlanId | null } = {},
) {
  const [account] = await db
    .insert(accounts)
    .values({
      name: `Partner ${randomUUID().slice(0, 6)}`,
      plan: 'free_core',
      subscriptionStatus: 'active',
      ...overrides,
    })
    .returning();
  if (!account) throw new Error('account not created');
  return account;
}

export interface CreateUserOptions {
  account?: typeof accounts.$inferSelect;
  permission?: Permission;
  password?: string;
  verified?: boolean;
  email?: string;
  advertiserName?: string | null;
  enablePlus?: boolean;
  isMaster?: boolean;
}

/** A user with a membership; creates an account too unless one is given. */
export async function createUser(db: Db, options: CreateUserOptions = {}) {
  const account = options.account ?? (await createAccount(db));
  const permission = options.permission ?? 'user';
  const [user] = await db
    .insert(users)
    .values({
      email: (options.email ?? uniqueEmail(permission)).toLowerCase(),
      firstName: 'Test',
      lastName: permission,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      verified: options.verified ?? true,
      isMaster: options.isMaster ?? permission === 'master',
    })
    .returning();
  if (!user) throw new Error('user not created');
  const [membership] = await db
    .insert(accountUsers)
    .values({
      accountId: account.id,
      userId: user.id,
      // A master's membership is an owner's; the master flag lifts it (auth guard).
      permission: permission === 'master' ? 'owner' : permission,
      advertiserName: options.advertiserName ?? (permission === 'advertiser' ? 'Acme Shoes' : null),
      enablePlus: options.enablePlus ?? false,
    })
    .returning();
  if (!membership) throw new Error('membership not created');
  return { user, account, membership };
}
