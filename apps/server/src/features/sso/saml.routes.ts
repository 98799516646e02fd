import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toLocale } from '@partner-portal/shared/constants';
import type { SsoFailureReason } from '@partner-portal/shared/sso';
import { accounts, ssoConnections } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { rateLimitFor } from '../../lib/rate-limit';
import { requestMeta } from '../../lib/request-meta';
import { routesIn } from '../../lib/route-file';
import { serviceProviderKeys, serviceProviderMetadata } from './saml-service-provider';
import { ssoLanding } from './sso-landing';
import type { SsoSaml } from './sso-saml';
import { issueSsoToken, SsoSignInError } from './sso-signin.service';

const AccountParamsSchema = z.object({ account_id: z.uuid() });

/** The largest SAML response taken: Entra ID's with many group claims stays well under 256 KB. */
const SAML_RESPONSE_MAX_BYTES = 512 * 1024;

/** What the IdP's page posts (HTTP-POST binding); RelayState is read by nobody here. */
const AcsBodySchema = z.object({
  SAMLResponse: z.string().min(1).max(SAML_RESPONSE_MAX_BYTES),
  RelayState: z.string().max(1024).optional(),
});

/**
 * `/api/sso/saml/{account_id}` (docs/product.md#single-sign-on): what an identity provider reads
 * and posts to. The metadata is public, as SAML expects, and served before the account's SSO is
 * saved: the owner sets the IdP up from it first, then pastes the IdP's metadata back.
 */
export const samlRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; saml: SsoSaml }> = routesIn(
  import.meta.url,
  async (app, { ctx, saml }) => {
    // The IdP's page posts a form; parsed in this plugin only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SAML_RESPONSE_MAX_BYTES * 2 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const failure = (reason: SsoFailureReason) => ssoLanding(ctx.config.appUrl, { error: reason });

    app.get(
      '/:account_id/metadata',
      { config: { access: 'public' }, schema: { params: AccountParamsSchema } },
      async (request, reply) => {
        const { account_id: accountId } = request.params;
        const [account] = await ctx.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        if (!account) throw new AppError('not_found', 'error.not_found');
        const keys = await serviceProviderKeys(ctx.db, ctx.config.encryptionKey);
        return reply
          .type('application/xml; charset=utf-8')
          .send(serviceProviderMetadata(ctx.config.appUrl, accountId, keys));
      },
    );

    app.post(
      '/:account_id/acs',
      {
        // The IdP's page posts here from its own origin: no XSRF cookie comes, and none is
        // needed, since the signed assertion and the one-time request id are the proof.
        config: { access: 'public', xsrf: false, rateLimit: rateLimitFor('signin') },
        schema: { params: AccountParamsSchema, body: AcsBodySchema },
      },
      async (request, reply) => {
        const { account_id: accountId } = request.params;
        const [connection] = await ctx.db
          .select()
          .from(ssoConnections)
          .where(eq(ssoConnections.accountId, accountId));
        if (connection?.protocol !== 'saml') return reply.redirect(failure('failed'), 303);
        try {
          const { identity, pending } = await saml.identify(connection, request.body.SAMLResponse);
          const token = await issueSsoToken(ctx, accountId, identity, {
            locale: toLocale(pending?.locale ?? request.locale),
            meta: requestMeta(request),
          });
          // 303: the browser GETs the landing page instead of posting the form to it again.
          return reply.redirect(
            ssoLanding(ctx.config.appUrl, { token, redirect: pending?.redirect ?? null }),
            303,
          );
        } catch (error) {
          if (error instanceof SsoSignInError) {
            request.log.info(
              { account: accountId, reason: error.reason, err: error.cause },
              'sso sign-in refused',
            );
            return reply.redirect(failure(error.reason), 303);
          }
          request.log.warn({ err: error, account: accountId }, 'saml response failed');
          return reply.redirect(failure('failed'), 303);
        }
      },
    );
  },
);
