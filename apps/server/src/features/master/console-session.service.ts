import { eq } from 'drizzle-orm';
import type { ConsoleSession } from '@partner-portal/shared/master';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { requireSession } from '../../lib/auth-guard';
import { verifySecondFactor } from '../user/second-factor.service';
import { steppedUpUntil } from './console-guard';

/** GET /api/master/session: whether the console can open, and until when actions are open. */
export async function consoleSession(
  ctx: AppContext,
  by: Caller,
  twoFactor: boolean,
): Promise<ConsoleSession> {
  const until = await steppedUpUntil(ctx, requireSession(by.actor).sessionId);
  return {
    two_factor: twoFactor,
    stepped_up_until: until && until > ctx.now() ? until.toISOString() : null,
  };
}

/**
 * POST /api/master/step-up {code}: a code from the operator's authenticator app (never the
 * backup code, which is for getting in, not for vouching for an action) opens the sensitive
 * actions for ten minutes in this session. Wrong codes count against the operator like any
 * other (second-factor.service.ts), and each try is in the log.
 */
export async function stepUp(ctx: AppContext, by: Caller, code: string): Promise<ConsoleSession> {
  const { sessionId } = requireSession(by.actor);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, by.actor.userId)).limit(1);
  if (!user?.totpEnabled) throw new AppError('forbidden', 'error.master_2fa_required');
  const factor = await verifySecondFactor(ctx, user, code);
  const audit = (db: Db, outcome: 'success' | 'failure') =>
    recordChange(db, by, ctx.now(), {
      action: 'master.stepped_up',
      targetType: 'session',
      targetId: sessionId,
      outcome,
    });
  if (factor !== 'totp') {
    await audit(ctx.db, 'failure');
    throw new AppError('bad_request', 'error.otp_invalid', { inputError: 'code' });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(sessions).set({ steppedUpAt: ctx.now() }).where(eq(sessions.id, sessionId));
    await audit(tx, 'success');
  });
  return consoleSession(ctx, by, true);
}
