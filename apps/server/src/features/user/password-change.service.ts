import { toLocale } from '@partner-portal/shared/constants';
import { and, eq, ne } from 'drizzle-orm';
import type { ChangePasswordInput } from '@partner-portal/shared/identity';
import { sessions, users } from '../../db/schema/index';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireSession, type Actor } from '../../lib/auth-guard';
import { isCommonPassword } from '../../lib/common-passwords';
import { renderMail } from '../../lib/mail/mail-templates';
import { hashPassword, verifyPassword } from '../../lib/password';
import { revokeSessions } from '../../lib/session-token';
import { recordEvent } from '../../lib/events';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import type { AuditOutcome } from '@partner-portal/shared/audit';

/**
 * docs/security.md#passwords: changing a password needs the current one when the user has
 * one; it ends the user's other sessions (this one stays) and mails a notice. A user who signed
 * up through a provider or an invite link without a password creates one here.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: ChangePasswordInput,
  meta: RequestMeta,
): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw new AppError('unauthorized', 'error.unauthorized');
  const audit = (db: Db, outcome: AuditOutcome, changes: Record<string, unknown>) =>
    recordChange(db, { actor, meta }, ctx.now(), {
      action: 'user.password_changed',
      targetType: 'user',
      targetId: user.id,
      outcome,
      changes,
    });
  if (user.passwordHash) {
    const current = input.oldpassword ?? '';
    if (!current || !(await verifyPassword(user.passwordHash, current))) {
      await audit(ctx.db, 'failure', { reason: 'wrong_current_password' });
      throw new AppError('bad_request', 'error.old_password_wrong', { inputError: 'oldpassword' });
    }
  }
  if (isCommonPassword(input.newpassword)) {
    throw new AppError('bad_request', 'error.password_common', { inputError: 'newpassword' });
  }
  // Hashed before the transaction: it takes a while, and nothing should wait on its locks.
  const passwordHash = await hashPassword(input.newpassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions(
      tx,
      and(eq(sessions.userId, user.id), ne(sessions.id, requireSession(actor).sessionId)),
      ctx.now(),
    );
    await recordEvent(tx, {
      name: user.passwordHash ? 'password_changed' : 'password_created',
      userId: user.id,
      accountId: actor.accountId,
    });
    await audit(tx, 'success', { created: !user.passwordHash });
    await queuePasswordChangedMail(ctx, user, tx);
  });
}

/** The "your password was changed" notice, queued in the change's transaction `tx`. */
export async function queuePasswordChangedMail(
  ctx: AppContext,
  user: { email: string; firstName: string; locale: string | null },
  tx: Db,
): Promise<void> {
  const locale = toLocale(user.locale);
  await ctx.mail.send(
    {
      to: user.email,
      ...renderMail('password_changed', locale, { name: user.firstName }),
      template: 'password_changed',
      locale,
    },
    tx,
  );
}
