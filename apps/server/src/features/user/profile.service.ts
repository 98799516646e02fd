import { and, eq } from 'drizzle-orm';
import { SUPPORT_ACCESS_DEFAULT_DAYS } from '@partner-portal/shared/constants';
import type { ProfileUpdateInput } from '@partner-portal/shared/identity';
import { accountUsers, users } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type AuditChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { requireOwnSession, type Actor } from '../../lib/auth-guard';
import { endSupportSessions } from '../identity/session.service';
import { getCurrentUser, supportAccessOf } from '../../lib/current-user';
import { applyEmailChange, mailEmailChange, planEmailChange } from './email-change.service';

/** The end of support access given now for `days` (7 by default), or none when it is turned off. */
function supportEndOf(enabled: boolean, days: number | undefined, now: Date): Date | null {
  if (!enabled) return null;
  return new Date(now.getTime() + (days ?? SUPPORT_ACCESS_DEFAULT_DAYS) * 86_400_000);
}

/**
 * PATCH /api/user on oneself: names, preferences, the default account (one the user belongs
 * to; anyone else's is "not found"), support access, and a new e-mail through its own rules
 * (email-change.service.ts). Everything that can refuse runs before the first write, and the
 * writes are one transaction, so a refused request changes nothing. Answers the updated user and
 * what became of an e-mail change.
 */
export async function updateProfile(
  ctx: AppContext,
  actor: Actor,
  input: ProfileUpdateInput,
  meta: RequestMeta,
) {
  const { email, password, code, support_days: supportDays, ...fields } = input;
  if (email === undefined) {
    const stray = password !== undefined ? 'password' : code !== undefined ? 'code' : null;
    if (stray) {
      throw new AppError('bad_request', 'error.only_with_email', {
        inputError: stray,
        params: { field: stray },
      });
    }
  } else {
    // The e-mail is how the user signs in: support staff impersonating them may not change it.
    requireOwnSession(actor);
  }
  if (fields.default_account) {
    const [membership] = await ctx.db
      .select({ accountId: accountUsers.accountId })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.userId, actor.userId),
          eq(accountUsers.accountId, fields.default_account),
        ),
      )
      .limit(1);
    if (!membership) {
      throw new AppError('not_found', 'error.account_not_found', { inputError: 'default_account' });
    }
  }
  const plan =
    email === undefined
      ? ({ kind: 'none' } as const)
      : await planEmailChange(ctx, actor.userId, email, { password, code });

  const changes = {
    ...(fields.first_name !== undefined ? { firstName: fields.first_name } : {}),
    ...(fields.last_name !== undefined ? { lastName: fields.last_name } : {}),
    ...(fields.default_account !== undefined ? { defaultAccountId: fields.default_account } : {}),
    ...(fields.dark_mode !== undefined ? { darkMode: fields.dark_mode } : {}),
    ...(fields.locale !== undefined ? { locale: fields.locale } : {}),
    ...(fields.support_enabled !== undefined
      ? { supportUntil: supportEndOf(fields.support_enabled, supportDays, ctx.now()) }
      : {}),
    ...(fields.digest_frequency !== undefined ? { digestFrequency: fields.digest_frequency } : {}),
    ...(fields.timezone !== undefined ? { timezone: fields.timezone } : {}),
    ...(fields.digest_csv !== undefined ? { digestCsv: fields.digest_csv } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    const audit = (change: Pick<AuditChange, 'action' | 'changes'>) =>
      recordChange(tx, { actor, meta }, ctx.now(), {
        ...change,
        targetType: 'user',
        targetId: actor.userId,
      });
    if (Object.keys(changes).length > 0) {
      const [before] = await tx
        .select({ supportUntil: users.supportUntil })
        .from(users)
        .where(eq(users.id, actor.userId))
        .for('update');
      await tx.update(users).set(changes).where(eq(users.id, actor.userId));
      const support = fields.support_enabled;
      const was = supportAccessOf(before?.supportUntil ?? null, ctx.now());
      // Given again while on is a new consent with a new end: recorded like the first.
      if (support !== undefined && (support || was.support_enabled)) {
        await audit({
          action: 'user.support_access_changed',
          changes: {
            before: was.support_enabled,
            after: support,
            until: changes.supportUntil?.toISOString() ?? null,
          },
        });
      }
      // Off means off now: a support session already running ends with this commit, not at its
      // hour's end (docs/security.md#impersonation-changes-no-credential).
      if (support === false) await endSupportSessions(tx, { actor, meta }, ctx.now());
    }
    await applyEmailChange(tx, actor.userId, plan);
    if (plan.kind === 'request') {
      await audit({
        action: 'user.email_changed',
        changes: { stage: 'requested', from: plan.user.email, to: plan.email },
      });
    } else if (plan.kind === 'cancel') {
      await audit({ action: 'user.email_changed', changes: { stage: 'cancelled' } });
    }
    await mailEmailChange(inTransaction(ctx, tx), plan);
  });
  return {
    user: await getCurrentUser(ctx.db, actor.userId, actor.accountId),
    emailChange: plan.kind,
  };
}
