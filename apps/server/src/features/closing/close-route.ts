import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CloseInputSchema, type CloseInput } from '@partner-portal/shared/team';
import { withGuessLimit, type AccountLimits } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { requireActor, type Actor, type RouteAccess } from '../../lib/auth-guard';
import type { MessageKey } from '../../lib/messages';
import { rateLimitFor } from '../../lib/rate-limit';
import { requestMeta, type RequestMeta } from '../../lib/request-meta';
import { okSaying } from '../../lib/reply';
import { closeAccount } from './close-account.service';
import { isWrongClosePassword } from './close-confirmation.service';
import { closeUser } from './close-user.service';

interface Closing {
  access: RouteAccess;
  close: (ctx: AppContext, actor: Actor, input: CloseInput, meta: RequestMeta) => Promise<unknown>;
  done: MessageKey;
}

/** The owner ends the whole account (DELETE /api/account). */
export const CLOSE_ACCOUNT: Closing = {
  access: { permission: 'owner' },
  close: closeAccount,
  done: 'message.account_closed',
};

/** Anyone else leaves with their own user (DELETE /api/user; the owner gets 409). */
export const CLOSE_USER: Closing = {
  access: 'authenticated',
  close: closeUser,
  done: 'message.user_closed',
};

/**
 * DELETE `/` of the calling route file, the Danger Zone's call (docs/product.md#api-calls): the
 * password (or, without one, the e-mail) confirms it, and a wrong password counts against the
 * user like a wrong current password (PUT /api/user/password). The client signs out after.
 */
export function registerClose(
  app: FastifyInstance,
  deps: { ctx: AppContext; limits: AccountLimits },
  closing: Closing,
): void {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/',
    {
      config: { access: closing.access, credentials: true, rateLimit: rateLimitFor('signin') },
      schema: { body: CloseInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await withGuessLimit(
        deps.limits.passwordGuesses,
        { request, reply, account: actor.userId },
        () => closing.close(deps.ctx, actor, request.body, requestMeta(request)),
        isWrongClosePassword,
      );
      return okSaying(request, null, closing.done);
    },
  );
}
