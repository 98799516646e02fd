import { toLocale } from '@partner-portal/shared/constants';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import { PlanIdSchema, SubscriptionStatusSchema } from '@partner-portal/shared/plans';
import type { CurrentUser } from '@partner-portal/shared/user';
import type { Db } from '../db/client';
import { accounts, accountUsers, users } from '../db/schema/index';
import { AppError } from './app-error';

/** docs/product.md#entities "Current user": the user, the account of this session and every account they can switch to. */
export async function getCurrentUser(
  db: Db,
  userId: string,
  accountId: string,
): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, membership: accountUsers, account: accounts })
    .from(users)
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, accountId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('unauthorized', 'error.unauthorized');
  const memberships = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, userId), isNull(accounts.closedAt)))
    .orderBy(asc(accountUsers.createdAt));
  return toCurrentUser(row.user, row.membership, row.account, memberships);
}

/** Support access as the user sees it: on until its end, then off without anyone acting. */
export function supportAccessOf(
  until: Date | null,
  now: Date,
): Pick<CurrentUser, 'support_enabled' | 'support_until'> {
  return until && until > now
    ? { support_enabled: true, support_until: until.toISOString() }
    : { support_enabled: false, support_until: null };
}

/**
 * docs/product.md#entities "Current user" from its rows: shared by the query above and the session cache's single
 * round trip (lib/live-sessions.ts), so both answer the same shape.
 */
export function toCurrentUser(
  user: typeof users.$inferSelect,
  membership: typeof accountUsers.$inferSelect,
  account: typeof accounts.$inferSelect,
  memberships: { id: string; name: string }[],
): CurrentUser {
  const plan = PlanIdSchema.safeParse(account.plan);
  const subscription = SubscriptionStatusSchema.safeParse(account.subscriptionStatus);
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    pending_email: user.pendingEmail,
    avatar: user.avatar,
    dark_mode: user.darkMode,
    locale: toLocale(user.locale),
    has_password: user.passwordHash !== null,
    duplicate_user: user.duplicateUser,
    ...supportAccessOf(user.supportUntil, new Date()),
    '2fa_enabled': user.totpEnabled,
    default_account: user.defaultAccountId,
    accounts: memberships,
    account_id: account.id,
    account_name: account.name,
    permission: user.isMaster ? 'master' : PermissionSchema.parse(membership.permission),
    verified: user.verified,
    plan: plan.success ? plan.data : null,
    subscription: subscription.success ? subscription.data : null,
    enable_plus: membership.enablePlus,
    advertiser_name: membership.advertiserName,
    ...(account.twoFactorDeadline && !user.totpEnabled
      ? { two_factor_deadline: account.twoFactorDeadline.toISOString() }
      : {}),
    digest_frequency: user.digestFrequency,
    timezone: user.timezone,
    digest_csv: user.digestCsv,
  };
}

/** The account a sign-in lands in: the user's default if still a member, else their oldest. */
export async function findSigninAccountId(
  db: Db,
  userId: string,
  defaultAccountId: string | null,
): Promise<string | null> {
  const memberships = await db
    .select({ accountId: accountUsers.accountId, disabledAt: accounts.disabledAt })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, userId), isNull(accounts.closedAt)))
    .orderBy(asc(accountUsers.createdAt));
  // An account an operator disabled comes last: the sign-in then says so, if it is the only one.
  const usable = memberships.filter((m) => m.disabledAt === null);
  return (
    usable.find((m) => m.accountId === defaultAccountId)?.accountId ??
    usable[0]?.accountId ??
    memberships[0]?.accountId ??
    null
  );
}
