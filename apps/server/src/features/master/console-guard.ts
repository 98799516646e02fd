import type { FastifyInstance } from 'fastify';
import { STEP_UP_TTL_MS } from '@partner-portal/shared/master';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireCurrentUser, requireSession, requireActor } from '../../lib/auth-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An operator's sensitive action (impersonating, changing a plan, disabling, resetting 2FA):
     * refused unless the session typed a 2FA code in the last ten minutes (`POST /api/master/step-up`).
     */
    stepUp?: boolean;
  }
}

/** Every console route: for masters (the route's access says so) who have 2FA on. */
export const CONSOLE_ACCESS = { permission: 'master' } as const;

/**
 * docs/security.md#operator-console, for the routes of the calling plugin: the console opens only
 * to a master with 2FA on (`GET /api/master/session` excepted, which tells the screen so), and a
 * `stepUp` route only within ten minutes of a code typed for this session.
 */
export function registerConsoleGuard(
  app: FastifyInstance,
  ctx: AppContext,
  options: { allowWithout2fa?: string[] } = {},
): void {
  app.addHook('preHandler', async (request) => {
    const user = requireCurrentUser(request);
    const exempt = options.allowWithout2fa?.includes(request.routeOptions.url ?? '') ?? false;
    if (!user['2fa_enabled'] && !exempt) {
      throw new AppError('forbidden', 'error.master_2fa_required', {
        reason: 'master_2fa_required',
      });
    }
    if (!request.routeOptions.config?.stepUp) return;
    const until = await steppedUpUntil(ctx, requireSession(requireActor(request)).sessionId);
    if (!until || until <= ctx.now()) {
      throw new AppError('forbidden', 'error.step_up_required', { reason: 'step_up_required' });
    }
  });
}

/** Until when the session's last step-up keeps sensitive actions open; null without one. */
export async function steppedUpUntil(ctx: AppContext, sessionId: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ at: sessions.steppedUpAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.at ? new Date(row.at.getTime() + STEP_UP_TTL_MS) : null;
}
