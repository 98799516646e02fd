import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CloseInputSchema } from '@partner-portal/shared/team';
import { withGuessLimit, type AccountLimits } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { translate } from '../../lib/messages';
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
export const closingRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limits: AccountLimits;
}> = async (app, { ctx, limits }) => {
  app.delete(
    '/api/account',
    {
      config: { access: { permission: 'owner' }, rateLimit: rateLimitFor('signin') },
      schema: { body: CloseInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await withGuessLimit(
        limits.passwordGuesses,
        { request, reply, account: actor.userId },
        () => closeAccount(ctx, actor, request.body),
        isWrongClosePassword,
      );
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return ok(null, translate(locale, 'message.account_closed'));
    },
  );

  app.delete(
    '/api/user',
    {
      config: { access: 'authenticated', rateLimit: rateLimitFor('signin') },
      schema: { body: CloseInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await withGuessLimit(
        limits.passwordGuesses,
        { request, reply, account: actor.userId },
        () => closeUser(ctx, actor, request.body),
        isWrongClosePassword,
      );
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return ok(null, translate(locale, 'message.user_closed'));
    },
  );
};
