import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  ScimGroupMappingsInputSchema,
  ScimTokenCreatedSchema,
  SsoDomainInputSchema,
  SsoSettingsInputSchema,
  SsoSettingsSchema,
  domainField,
} from '@partner-portal/shared/sso';
import type { AppContext } from '../../lib/app-context';
import { requireActor, requireCaller } from '../../lib/auth-guard';
import { ok, okSaying } from '../../lib/reply';
import { routesIn } from '../../lib/route-file';
import { saveGroupMappings } from '../scim/scim-settings.service';
import { createScimToken, revokeScimToken } from '../scim/scim-token.service';
import { addSsoDomain, removeSsoDomain, verifySsoDomain } from './sso-domain.service';
import {
  getSsoSettings,
  removeSsoSettings,
  requireSsoPlan,
  saveSsoSettings,
} from './sso-settings.service';

const DomainParamsSchema = z.object({ domain: domainField() });

/**
 * `/api/account/sso` (docs/product.md#single-sign-on): the owner's single sign-on and the e-mail
 * domains it answers for. How the account's people sign in is a person's decision, so API keys
 * are refused and a support session may look but not change it.
 */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const access = { permission: 'owner' as const };
    const change = { access, credentials: true };
    const response = { 200: dataEnvelope(SsoSettingsSchema) };

    app.get('/', { config: { access }, schema: { response } }, async (request) => {
      const actor = requireActor(request);
      await requireSsoPlan(ctx.db, actor);
      return ok(await getSsoSettings(ctx, actor));
    });

    app.put(
      '/',
      { config: change, schema: { body: SsoSettingsInputSchema, response } },
      async (request) =>
        okSaying(
          request,
          await saveSsoSettings(ctx, requireCaller(request), request.body),
          'message.sso_saved',
        ),
    );

    app.delete('/', { config: change, schema: { response } }, async (request) =>
      okSaying(
        request,
        await removeSsoSettings(ctx, requireCaller(request)),
        'message.sso_removed',
      ),
    );

    // SCIM's token lives on the same screen; making one replaces the one before.
    app.post(
      '/scim-token',
      { config: change, schema: { response: { 201: dataEnvelope(ScimTokenCreatedSchema) } } },
      async (request, reply) => {
        const caller = requireCaller(request);
        await requireSsoPlan(ctx.db, caller.actor);
        const token = await createScimToken(ctx, caller);
        const { scim } = await getSsoSettings(ctx, caller.actor);
        return reply
          .code(201)
          .send(okSaying(request, { token, scim }, 'message.scim_token_created'));
      },
    );

    app.put(
      '/scim-groups',
      { config: change, schema: { body: ScimGroupMappingsInputSchema, response } },
      async (request) => {
        const caller = requireCaller(request);
        await requireSsoPlan(ctx.db, caller.actor);
        await saveGroupMappings(ctx, caller, request.body.mappings);
        return okSaying(
          request,
          await getSsoSettings(ctx, caller.actor),
          'message.scim_groups_saved',
        );
      },
    );

    app.delete('/scim-token', { config: change, schema: { response } }, async (request) => {
      const caller = requireCaller(request);
      await revokeScimToken(ctx, caller);
      return okSaying(
        request,
        await getSsoSettings(ctx, caller.actor),
        'message.scim_token_revoked',
      );
    });

    app.post(
      '/domains',
      { config: change, schema: { body: SsoDomainInputSchema, response: { 201: response[200] } } },
      async (request, reply) => {
        const { domain } = request.body;
        const settings = await addSsoDomain(ctx, requireCaller(request), domain);
        return reply
          .code(201)
          .send(okSaying(request, settings, 'message.sso_domain_added', { domain }));
      },
    );

    app.post(
      '/domains/:domain/verify',
      { config: change, schema: { params: DomainParamsSchema, response } },
      async (request) => {
        const { domain } = request.params;
        const settings = await verifySsoDomain(ctx, requireCaller(request), domain);
        return okSaying(request, settings, 'message.sso_domain_verified', { domain });
      },
    );

    app.delete(
      '/domains/:domain',
      { config: change, schema: { params: DomainParamsSchema, response } },
      async (request) => {
        const { domain } = request.params;
        const settings = await removeSsoDomain(ctx, requireCaller(request), domain);
        return okSaying(request, settings, 'message.sso_domain_removed', { domain });
      },
    );
  },
);
