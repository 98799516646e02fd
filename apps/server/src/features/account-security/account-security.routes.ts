import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  AccountSecurityInputSchema,
  AccountSecuritySchema,
} from '@partner-portal/shared/account-security';
import type { AppContext } from '../../lib/app-context';
import { requireCaller } from '../../lib/auth-guard';
import { ok, okSaying } from '../../lib/reply';
import { getAccountSecurity, updateAccountSecurity } from './account-security.service';
import { routesIn } from '../../lib/route-file';

/**
 * `/api/account/security` (docs/product.md#two-factor-policy): the owner's "require 2FA for every
 * member". A person's setting, so API keys are refused; a support session may read it but not
 * change it, since it decides how everyone signs in.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const access = { permission: 'owner' as const };
    const response = { 200: dataEnvelope(AccountSecuritySchema) };

    app.get('/', { config: { access }, schema: { response } }, async (request) =>
      ok(await getAccountSecurity(ctx, requireCaller(request))),
    );

    app.patch(
      '/',
      {
        config: { access, credentials: true },
        schema: { body: AccountSecurityInputSchema, response },
      },
      async (request) => {
        const done = await updateAccountSecurity(ctx, requireCaller(request), request.body);
        const key = !done.security.require_2fa
          ? 'message.two_factor_policy_off'
          : !done.turnedOn
            ? 'message.two_factor_policy_saved'
            : done.mailed > 0
              ? 'message.two_factor_policy_on'
              : 'message.two_factor_policy_on_all_set';
        return okSaying(request, done.security, key, { count: done.mailed });
      },
    );
  },
);
