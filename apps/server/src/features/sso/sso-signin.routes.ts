import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { toLocale } from '@partner-portal/shared/constants';
import { SigninResponseSchema } from '@partner-portal/shared/identity';
import { safeRedirectPath } from '@partner-portal/shared/redirect';
import {
  SsoStartInputSchema,
  SsoStartResponseSchema,
  SsoTokenInputSchema,
} from '@partner-portal/shared/sso';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import { routesIn } from '../../lib/route-file';
import { setSsoFlowCookie } from './sso-flow-cookie';
import type { SsoOidcClients } from './sso-oidc';
import type { SsoSaml } from './sso-saml';
import { requireSsoFor, signInWithSsoToken } from './sso-signin.service';

/**
 * `/api/auth/sso` (docs/product.md#single-sign-on): a person on a verified domain asks where to
 * sign in, and the browser, back from the IdP, trades the callback's one-time token for a session.
 */
export const ssoSignInRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  clients: SsoOidcClients;
  saml: SsoSaml;
}> = routesIn(import.meta.url, async (app, { ctx, clients, saml }) => {
  const secure = ctx.config.appUrl.startsWith('https://');

  app.post(
    '/',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signin') },
      schema: {
        body: SsoStartInputSchema,
        response: { 200: dataEnvelope(SsoStartResponseSchema) },
      },
    },
    async (request, reply) => {
      const { connection } = await requireSsoFor(ctx, request.body.email);
      const redirect = safeRedirectPath(request.body.redirect);
      const locale = toLocale(request.locale);
      if (connection.protocol === 'saml') {
        // The IdP posts back from its own origin, so the flow is remembered by its request id
        // in the database, not in a cookie (SameSite would keep it from the ACS).
        return ok({ url: await saml.authorizationUrl(connection, { redirect, locale }) });
      }
      let authorization;
      try {
        authorization = await clients.authorizationRequest(connection, request.body.email);
      } catch (error) {
        request.log.warn({ err: error, account: connection.accountId }, 'sso provider unreachable');
        throw new AppError('service_unavailable', 'error.sso_unreachable');
      }
      setSsoFlowCookie(
        reply,
        ctx.config.encryptionKey,
        {
          accountId: connection.accountId,
          connectionUpdatedAt: connection.updatedAt.getTime(),
          state: authorization.state,
          nonce: authorization.nonce,
          codeVerifier: authorization.codeVerifier,
          redirect,
          locale,
        },
        { now: ctx.now(), secure },
      );
      return ok({ url: authorization.url.href });
    },
  );

  app.post(
    '/token',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signin') },
      schema: {
        body: SsoTokenInputSchema,
        response: { 200: dataEnvelope(SigninResponseSchema) },
      },
    },
    async (request) => ok(await signInWithSsoToken(ctx, request.body.token, requestMeta(request))),
  );
});
