import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import {
  TWO_FACTOR_REMINDER_MS,
  type AccountSecurity,
  type AccountSecurityInput,
} from '@partner-portal/shared/account-security';
import { accounts, invites, users } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { mailTwoFactorDeadline, membersWithout2fa } from './two-factor-policy-mail';

const DAY_MS = 86_400_000;

type AccountRow = typeof accounts.$inferSelect;

/** The policy as the API shows it, and the audit row's before and after. */
const policyOf = (account: AccountRow) => ({
  require_2fa: account.twoFactorDeadline !== null,
  grace_days: account.twoFactorGraceDays,
  deadline: account.twoFactorDeadline?.toISOString() ?? null,
});

/** GET /api/account/security (docs/product.md#two-factor-policy). */
export async function getAccountSecurity(
  ctx: AppContext,
  caller: Caller,
): Promise<AccountSecurity> {
  const { actor } = caller;
  const [[account], [self], waiting, [invited]] = await Promise.all([
    ctx.db.select().from(accounts).where(eq(accounts.id, actor.accountId)),
    ctx.db.select({ on: users.totpEnabled }).from(users).where(eq(users.id, actor.userId)),
    membersWithout2fa(ctx.db, actor.accountId),
    ctx.db
      .select({ count: count() })
      .from(invites)
      .where(
        and(
          eq(invites.accountId, actor.accountId),
          isNull(invites.acceptedAt),
          gt(invites.expiresAt, ctx.now()),
        ),
      ),
  ]);
  if (!account) throw new AppError('not_found', 'error.not_found');
  return {
    ...policyOf(account),
    required_since: account.twoFactorRequiredAt?.toISOString() ?? null,
    members_without_2fa: waiting
      .filter((member) => member.id !== actor.userId)
      .map((member) => ({
        id: member.id,
        name: `${member.firstName} ${member.lastName}`.trim(),
        email: member.email,
        permission: PermissionSchema.parse(member.permission),
      })),
    pending_invitations: invited?.count ?? 0,
    owner_2fa_enabled: self?.on ?? false,
  };
}

/**
 * The columns after `input`: turning it on starts the grace now; a new grace while on moves the
 * deadline from when it was turned on (and lets the reminder and the sign-out run again if the
 * deadline moved past them); turning it off clears it all.
 */
function nextPolicy(account: AccountRow, input: AccountSecurityInput, now: Date) {
  const graceDays = input.grace_days ?? account.twoFactorGraceDays;
  if (!input.require_2fa) {
    return {
      twoFactorGraceDays: graceDays,
      twoFactorRequiredAt: null,
      twoFactorDeadline: null,
      twoFactorRemindedAt: null,
      twoFactorEnforcedAt: null,
    };
  }
  const since = account.twoFactorRequiredAt ?? now;
  const deadline = new Date(since.getTime() + graceDays * DAY_MS);
  const unchanged = account.twoFactorDeadline?.getTime() === deadline.getTime();
  return {
    twoFactorGraceDays: graceDays,
    twoFactorRequiredAt: since,
    twoFactorDeadline: deadline,
    twoFactorRemindedAt:
      unchanged || deadline.getTime() - now.getTime() <= TWO_FACTOR_REMINDER_MS
        ? account.twoFactorRemindedAt
        : null,
    twoFactorEnforcedAt: unchanged || deadline <= now ? account.twoFactorEnforcedAt : null,
  };
}

/**
 * PATCH /api/account/security: the owner requires 2FA of every member, or stops. Turning it on
 * needs the owner's own 2FA; each member without it is mailed the deadline in the same
 * transaction (docs/product.md#two-factor-policy). Answers the policy and how many were mailed.
 */
export async function updateAccountSecurity(
  ctx: AppContext,
  caller: Caller,
  input: AccountSecurityInput,
): Promise<{ security: AccountSecurity; mailed: number; turnedOn: boolean }> {
  const { actor } = caller;
  if (input.require_2fa) {
    const [self] = await ctx.db
      .select({ on: users.totpEnabled })
      .from(users)
      .where(eq(users.id, actor.userId));
    if (!self?.on) {
      throw new AppError('forbidden', 'error.two_factor_policy_needs_own', {
        inputError: 'require_2fa',
      });
    }
  }
  const now = ctx.now();
  const { mailed, turnedOn } = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    if (!account) throw new AppError('not_found', 'error.not_found');
    const next = nextPolicy(account, input, now);
    const after = { ...account, ...next };
    const before = policyOf(account);
    const changed = JSON.stringify(before) !== JSON.stringify(policyOf(after));
    if (!changed) return { mailed: 0, turnedOn: false };
    await tx.update(accounts).set(next).where(eq(accounts.id, account.id));
    await recordChange(tx, caller, now, {
      action: 'account.2fa_policy_changed',
      targetType: 'account',
      targetId: account.id,
      changes: { before, after: policyOf(after) },
    });
    const deadline = after.twoFactorDeadline;
    if (before.require_2fa || !deadline) return { mailed: 0, turnedOn: false };
    const waiting = (await membersWithout2fa(tx, account.id)).filter(
      (member) => member.id !== actor.userId,
    );
    await mailTwoFactorDeadline(
      inTransaction(ctx, tx),
      'two_factor_required',
      account,
      deadline,
      waiting,
    );
    return { mailed: waiting.length, turnedOn: true };
  });
  return { security: await getAccountSecurity(ctx, caller), mailed, turnedOn };
}
