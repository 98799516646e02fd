import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { verifyPassword } from '../../lib/password';
import { decryptSecret } from '../../lib/secret-box';
import { createTotp, matchTotpStep, normalizeBackupCode } from './totp';

type UserRow = typeof users.$inferSelect;

/**
 * Checks a one-time code against the user's TOTP secret (current or previous step, each step
 * usable once: the step is claimed atomically) or their single-use backup code.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
): Promise<'totp' | 'backup' | null> {
  if (!user.totpSecretEncrypted) return null;
  const totp = createTotp(
    decryptSecret(ctx.config.encryptionKey, user.totpSecretEncrypted),
    user.email,
  );
  const step = matchTotpStep(totp, code.trim(), ctx.now());
  if (step !== null) {
    const claimed = await ctx.db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    return claimed.length === 1 ? 'totp' : null;
  }
  if (
    user.backupCodeHash &&
    (await verifyPassword(user.backupCodeHash, normalizeBackupCode(code)))
  ) {
    const claimed = await ctx.db
      .update(users)
      .set({ backupCodeHash: null })
      .where(and(eq(users.id, user.id), eq(users.backupCodeHash, user.backupCodeHash)))
      .returning({ id: users.id });
    return claimed.length === 1 ? 'backup' : null;
  }
  return null;
}
