import { randomUUID } from 'node:crypto';
import type { Permission } from '@partner-portal/shared/permissions';
import type { PlanId } from '@partner-portal/shared/plans';
import type { Db } from '../src/db/client';
import { accounts, accountUsers, reportRows, users } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/password';

/** A user's consent to support access, good for the rest of any test run. */
export function supportAllowed(): { supportUntil: Date } {
  return { supportUntil: new Date(Date.now() + 30 * 86_400_000) };
}

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
  plusDashboards?: string[];
  isMaster?: boolean;
}

// One argon2id hash per password for the whole file: a hash costs ~50–90 ms of CPU on these
// machines, and the suites create thousands of users with the same few passwords. Each hash is
// still real (salted, verifiable), so signing in checks it exactly as in production.
const passwordHashes = new Map<string, Promise<string>>();
function testPasswordHash(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
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
      passwordHash: options.password ? await testPasswordHash(options.password) : null,
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
      plusDashboards: options.plusDashboards ?? [],
    })
    .returning();
  if (!membership) throw new Error('membership not created');
  return { user, account, membership };
}

export interface ReportRowInput {
  date: string;
  advertiser: string;
  campaign?: string;
  channel?: string;
  country?: string;
  device?: string;
  impressions?: number;
  clicks?: number;
  conversions?: number;
  revenue?: number;
  payout?: number;
}

/** Report rows for the built-in analytics provider, with plain defaults for what a test ignores. */
export async function createReportRows(db: Db, accountId: string, rows: ReportRowInput[]) {
  if (rows.length === 0) return;
  await db.insert(reportRows).values(
    rows.map((row) => ({
      accountId,
      date: row.date,
      advertiser: row.advertiser,
      campaign: row.campaign ?? 'Spring sale',
      channel: row.channel ?? 'search',
      country: row.country ?? 'US',
      device: row.device ?? 'desktop',
      impressions: row.impressions ?? 1000,
      clicks: row.clicks ?? 50,
      conversions: row.conversions ?? 5,
      revenue: (row.revenue ?? 100).toFixed(2),
      payout: (row.payout ?? 80).toFixed(2),
    })),
  );
}
