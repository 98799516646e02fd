import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SsoFailureReason } from '@partner-portal/shared/sso';
import { ssoConnections } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { rateLimitFor } from '../../lib/rate-limit';
import { requestMeta } from '../../lib/request-meta';
import { routesIn } from '../../lib/route-file';
import { takeSsoFlowCookie } from './sso-flow-cookie';
import { ssoLanding } from './sso-landing';
import type { SsoOidcClients } from './sso-oidc';
import { issueSsoToken, SsoSignInError } from './sso-signin.service';

const CallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
});

/**
 * `/api/sso/oidc/callback`: where an account's OpenID Connect IdP sends the browser back. It
 * answers with redirects only, to `/signin/sso` with a one-time token or a failure reason; the
 * flow's sealed cookie (set by `POST /api/auth/sso` in this browser) names the account.
 */
export const oidcCallbackRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  clients: SsoOidcClients;
}> = routesIn(import.meta.url, async (app, { ctx, clients }) => {
  const failure = (reason: SsoFailureReason) => ssoLanding(ctx.config.appUrl, { error: reason });

  app.get(
    '/callback',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signin') },
      schema: { querystring: CallbackQuerySchema },
    },
    async (request, reply) => {
      const flow = takeSsoFlowCookie(request, reply, ctx.config.encryptionKey, ctx.now());
      if (request.query.error) {
        return reply.redirect(
          failure(request.query.error === 'access_denied' ? 'cancelled' : 'failed'),
        );
      }
      if (!flow) {
        request.log.warn('sso callback without a matching flow');
        return reply.redirect(failure('failed'));
      }
      const [connection] = await ctx.db
        .select()
        .from(ssoConnections)
        .where(eq(ssoConnections.accountId, flow.accountId));
      if (
        !connection ||
        connection.protocol !== 'oidc' ||
        connection.updatedAt.getTime() !== flow.connectionUpdatedAt
      ) {
        return reply.redirect(failure('failed'));
      }
      // Rebuilt from APP_URL, never the Host header: it must equal the registered redirect URI.
      const callbackUrl = new URL(request.url, ctx.config.appUrl);
      try {
        const identity = await clients.identify(connection, callbackUrl, flow);
        const token = await issueSsoToken(ctx, flow.accountId, identity, {
          locale: flow.locale,
          meta: requestMeta(request),
        });
        return reply.redirect(ssoLanding(ctx.config.appUrl, { token, redirect: flow.redirect }));
      } catch (error) {
        if (error instanceof SsoSignInError) {
          request.log.info(
            { account: flow.accountId, reason: error.reason },
            'sso sign-in refused',
          );
          return reply.redirect(failure(error.reason));
        }
        request.log.warn({ err: error, account: flow.accountId }, 'sso callback failed');
        return reply.redirect(failure('failed'));
      }
    },
  );
});
