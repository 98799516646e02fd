import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import { accounts, accountUsers, sessions, users } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import type { AuditOutcome } from '@partner-portal/shared/audit';
import { AppError } from '../../lib/app-error';
import { requireSession, type Actor } from '../../lib/auth-guard';
import { hashPassword } from '../../lib/password';
import { encryptSecret } from '../../lib/secret-box';
import { revokeSessions } from '../../lib/session-token';
import { recordEvent } from '../../lib/events';
import { verifySecondFactor } from './second-factor.service';
import { createTotp, newBackupCode, newTotpSecret } from './totp';

/** A user's columns with 2FA off: no secret, no backup code (also the operator's reset). */
export const TWO_FACTOR_OFF = {
  totpEnabled: false,
  totpSecretEncrypted: null,
  backupCodeHash: null,
  totpLastStep: null,
} as const;

async function loadUser(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthorized', 'error.unauthorized');
  return user;
}

/** Other sessions of the user end when 2FA changes (docs/security.md#sessions). */
function revokeOtherSessions(ctx: AppContext, actor: Actor) {
  return revokeSessions(
    ctx.db,
    and(eq(sessions.userId, actor.userId), ne(sessions.id, requireSession(actor).sessionId)),
    ctx.now(),
  );
}

/** The audit row of turning 2FA on or off, or of a wrong code refused doing so. */
function auditTwoFactor(
  ctx: AppContext,
  actor: Actor,
  meta: RequestMeta,
  action: 'user.2fa_enabled' | 'user.2fa_disabled',
  outcome: AuditOutcome = 'success',
) {
  return recordChange(ctx.db, { actor, meta }, ctx.now(), {
    action,
    targetType: 'user',
    targetId: actor.userId,
    outcome,
    changes: outcome === 'success' ? null : { reason: 'wrong_code' },
  });
}

/**
 * PUT /api/user/2fa { 2fa_enabled: true }: a new secret (kept encrypted, not yet active) and its
 * QR code; 2FA turns on only once a code from it is confirmed.
 */
export async function startTwoFactor(ctx: AppContext, actor: Actor) {
  const user = await loadUser(ctx, actor.userId);
  if (user.totpEnabled) throw new AppError('conflict', 'error.two_factor_already_on');
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({
      totpSecretEncrypted: encryptSecret(ctx.config.encryptionKey, secret),
      totpLastStep: null,
      backupCodeHash: null,
    })
    .where(eq(users.id, user.id));
  const uri = createTotp(secret, user.email).toString();
  return {
    '2fa_enabled': false,
    qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 220 }),
    secret,
  };
}

/** POST /api/user/2fa/verify { code }: turns 2FA on and hands out the single-use backup code. */
export async function confirmTwoFactor(
  ctx: AppContext,
  actor: Actor,
  code: string,
  meta: RequestMeta,
) {
  const user = await loadUser(ctx, actor.userId);
  if (user.totpEnabled || !user.totpSecretEncrypted)
    throw new AppError('conflict', 'error.two_factor_not_started');
  if ((await verifySecondFactor(ctx, user, code)) !== 'totp') {
    await auditTwoFactor(ctx, actor, meta, 'user.2fa_enabled', 'failure');
    throw new AppError('bad_request', 'error.otp_invalid', { inputError: 'code' });
  }
  const backupCode = newBackupCode();
  const backupCodeHash = await hashPassword(backupCode);
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await tx.update(users).set({ totpEnabled: true, backupCodeHash }).where(eq(users.id, user.id));
    await revokeOtherSessions(txCtx, actor);
    await recordEvent(tx, {
      name: 'enabled_2fa',
      userId: actor.userId,
      accountId: actor.accountId,
    });
    await auditTwoFactor(txCtx, actor, meta, 'user.2fa_enabled');
  });
  return { backup_code: backupCode };
}

/**
 * 2FA stays on while an account the user belongs to requires it (docs/product.md
 * #two-factor-policy): turning it off would lock them out of that account. The message names it.
 */
async function refuseWhileRequired(ctx: AppContext, userId: string): Promise<void> {
  const [requiring] = await ctx.db
    .select({ name: accounts.name })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(
      and(
        eq(accountUsers.userId, userId),
        isNotNull(accounts.twoFactorDeadline),
        isNull(accounts.closedAt),
      ),
    )
    .orderBy(accounts.name)
    .limit(1);
  if (requiring) {
    throw new AppError('conflict', 'error.two_factor_required_by', {
      params: { account: requiring.name },
    });
  }
}

/** PUT /api/user/2fa { 2fa_enabled: false, code }: needs a valid code (or the backup code). */
export async function disableTwoFactor(
  ctx: AppContext,
  actor: Actor,
  code: string | undefined,
  meta: RequestMeta,
) {
  const user = await loadUser(ctx, actor.userId);
  if (!user.totpEnabled) return { '2fa_enabled': false };
  await refuseWhileRequired(ctx, user.id);
  if (!code || !(await verifySecondFactor(ctx, user, code))) {
    await auditTwoFactor(ctx, actor, meta, 'user.2fa_disabled', 'failure');
    throw new AppError('bad_request', 'error.otp_invalid', { inputError: 'code' });
  }
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await tx.update(users).set(TWO_FACTOR_OFF).where(eq(users.id, user.id));
    await revokeOtherSessions(txCtx, actor);
    await recordEvent(tx, {
      name: 'disabled_2fa',
      userId: actor.userId,
      accountId: actor.accountId,
    });
    await auditTwoFactor(txCtx, actor, meta, 'user.2fa_disabled');
  });
  return { '2fa_enabled': false };
}
