import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CloseInputSchema, type CloseInput } from '@partner-portal/shared/team';
import { withGuessLimit, type AccountLimits } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { requireActor, type Actor, type RouteAccess } from '../../lib/auth-guard';
import { translate, type MessageKey } from '../../lib/messages';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { localeFromAcceptLanguage } from '../../lib/request-locale';
import { closeAccount } from './close-account.service';
import { isWrongClosePassword } from './close-confirmation.service';
import { closeUser } from './close-user.service';

/**
 * Spec §2 Profile "Danger Zone" and §7 `DELETE /api/user or DELETE /api/account { password }`.
 * Registered without a prefix, so both paths are written out. A wrong password counts against
 * the user like a wrong current password (PUT /api/user/password). The client signs out after.
 */
const CLOSINGS = [
  // The owner ends the whole account.
  {
    url: '/api/account',
    access: { permission: 'owner' },
    close: closeAccount,
    done: 'message.account_closed',
  },
  // Anyone else leaves with their own user (the owner is sent to DELETE /api/account: 409).
  { url: '/api/user', access: 'authenticated', close: closeUser, done: 'message.user_closed' },
] as const satisfies readonly {
  url: string;
  access: RouteAccess;
  close: (ctx: AppContext, actor: Actor, input: CloseInput) => Promise<unknown>;
  done: MessageKey;
}[];

export const closingRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limits: AccountLimits;
}> = async (app, { ctx, limits }) => {
  for (const closing of CLOSINGS) {
    app.delete(
      closing.url,
      {
        config: { access: closing.access, credentials: true, rateLimit: rateLimitFor('signin') },
        schema: { body: CloseInputSchema },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        await withGuessLimit(
          limits.passwordGuesses,
          { request, reply, account: actor.userId },
          () => closing.close(ctx, actor, request.body),
          isWrongClosePassword,
        );
        const locale = localeFromAcceptLanguage(request.headers['accept-language']);
        return ok(null, translate(locale, closing.done));
      },
    );
  }
};
