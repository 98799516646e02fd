import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accounts } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { routesIn } from '../../lib/route-file';
import { serviceProviderMetadata } from './sp-metadata';

const AccountParamsSchema = z.object({ account_id: z.uuid() });

/**
 * `/api/sso/saml/{account_id}` (docs/product.md#single-sign-on): what an identity provider reads
 * and posts to. The metadata is public, as SAML expects, and served before the account's SSO is
 * saved: the owner sets the IdP up from it first, then pastes the IdP's metadata back.
 */
export const samlRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
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
        return reply
          .type('application/xml; charset=utf-8')
          .send(serviceProviderMetadata(ctx.config.appUrl, accountId));
      },
    );
  },
);
