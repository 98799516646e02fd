import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { safeRedirectPath } from '@partner-portal/shared/redirect';
import {
  SocialProvidersResponseSchema,
  SocialStartQuerySchema,
  type SocialFailureReason,
  type SocialProvidersResponse,
} from '@partner-portal/shared/social';
import type { Config } from '../../config';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import type { OidcClients } from './oidc-clients';
import { setOAuthStateCookie, takeOAuthStateCookie } from './oauth-state-cookie';
import { issueSocialToken, SocialSignInError } from './social-signin.service';
import { routesIn } from '../../lib/route-file';

interface SocialRouteOptions {
  ctx: AppContext;
  clients: OidcClients;
}

/**
 * What the signed-out screens take from the configuration: the providers to offer and the brand
 * link. Served by the route below, and written into every page the server answers (spa.ts).
 */
export function signInOptionsOf(
  clients: OidcClients,
  config: Pick<Config, 'brandUrl'>,
): SocialProvidersResponse {
  return {
    providers: clients.list().map((provider) => ({ id: provider.name, name: provider.label })),
    ...(config.brandUrl ? { brandUrl: config.brandUrl } : {}),
  };
}

/**
 * `GET /api/auth/providers`: the sign-in screen shows a button per configured provider only. The
 * brand link rides along: the signed-out screens already make this call, so BRAND_URL reaches
 * them without another request.
 */
export const socialProviderRoutes: FastifyPluginAsyncZod<SocialRouteOptions> = routesIn(
  import.meta.url,
  async (app, { ctx, clients }) => {
    app.get(
      '/',
      {
        config: { access: 'public' },
        schema: { response: { 200: dataEnvelope(SocialProvidersResponseSchema) } },
      },
      async () => ok(signInOptionsOf(clients, ctx.config)),
    );
  },
);

const CallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
});

/**
 * The browser half of social sign-in (docs/product.md#screens-and-routes "Social sign-in"): `GET /auth/{provider}` sends the
 * browser to the provider, `GET /auth/{provider}/callback` comes back. Both answer with redirects
 * only; the callback lands on `/signin/social` with a one-time token or a failure reason.
 */
export const socialRoutes: FastifyPluginAsyncZod<SocialRouteOptions> = routesIn(
  import.meta.url,
  async (app, { ctx, clients }) => {
    const secure = ctx.config.appUrl.startsWith('https://');
    const landing = (params: Record<string, string>) =>
      `${ctx.config.appUrl}/signin/social?${new URLSearchParams(params).toString()}`;
    const failure = (provider: string, reason: SocialFailureReason) =>
      landing({ provider, error: reason });

    app.get(
      '/:provider',
      {
        config: { access: 'public', rateLimit: rateLimitFor('signin') },
        schema: {
          params: z.object({ provider: z.string().max(32) }),
          querystring: SocialStartQuerySchema,
        },
      },
      async (request, reply) => {
        const provider = clients.find(request.params.provider);
        if (!provider) throw new AppError('not_found', 'error.not_found');
        let authorization;
        try {
          authorization = await clients.authorizationRequest(provider);
        } catch (error) {
          request.log.warn({ err: error, provider: provider.name }, 'oauth provider unreachable');
          return reply.redirect(failure(provider.name, 'failed'));
        }
        setOAuthStateCookie(
          reply,
          ctx.config.encryptionKey,
          {
            provider: provider.name,
            state: authorization.state,
            nonce: authorization.nonce,
            codeVerifier: authorization.codeVerifier,
            redirect: safeRedirectPath(request.query.redirect),
            locale: request.query.locale ?? request.locale,
            darkMode: request.query.dark === '1',
          },
          { now: ctx.now(), secure },
        );
        return reply.redirect(authorization.url.href);
      },
    );

    app.get(
      '/:provider/callback',
      {
        config: { access: 'public', rateLimit: rateLimitFor('signin') },
        schema: {
          params: z.object({ provider: z.string().max(32) }),
          querystring: CallbackQuerySchema,
        },
      },
      async (request, reply) => {
        const provider = clients.find(request.params.provider);
        if (!provider) throw new AppError('not_found', 'error.not_found');
        const flow = takeOAuthStateCookie(request, reply, ctx.config.encryptionKey, ctx.now());
        if (request.query.error) {
          const reason = request.query.error === 'access_denied' ? 'cancelled' : 'failed';
          return reply.redirect(failure(provider.name, reason));
        }
        if (!flow || flow.provider !== provider.name) {
          request.log.warn({ provider: provider.name }, 'oauth callback without a matching flow');
          return reply.redirect(failure(provider.name, 'failed'));
        }
        // Rebuilt from APP_URL, never the Host header: it must equal the registered redirect URI.
        const callbackUrl = new URL(request.url, ctx.config.appUrl);
        try {
          const identity = await clients.identify(provider, callbackUrl, flow);
          const token = await issueSocialToken(ctx, provider.name, identity, {
            locale: flow.locale,
            darkMode: flow.darkMode ?? false,
          });
          return reply.redirect(
            landing({
              provider: provider.name,
              token,
              ...(flow.redirect ? { redirect: flow.redirect } : {}),
            }),
          );
        } catch (error) {
          if (error instanceof SocialSignInError) {
            request.log.info(
              { provider: provider.name, reason: error.reason },
              'social sign-in refused',
            );
            return reply.redirect(failure(provider.name, error.reason));
          }
          request.log.warn({ err: error, provider: provider.name }, 'oauth callback failed');
          return reply.redirect(failure(provider.name, 'failed'));
        }
      },
    );
  },
);
