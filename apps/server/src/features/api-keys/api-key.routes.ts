import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { grantableScopes } from '@partner-portal/shared/api-key-rules';
import {
  ApiKeyListResponseSchema,
  ApiKeyPatchInputSchema,
  ApiKeyRevealSchema,
  ApiKeyRollInputSchema,
  ApiKeySchema,
  ApiKeyScopesResponseSchema,
  createApiKeyCreateInputSchema,
} from '@partner-portal/shared/api-keys';
import type { AppContext } from '../../lib/app-context';
import { requireActor, requireSession } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import {
  createApiKey,
  deleteApiKey,
  listApiKeys,
  rollApiKey,
  updateApiKey,
} from './api-key.service';
import { routesIn } from '../../lib/route-file';

// Any text: an id that names no key of this account is a 404 (checked by the service).
const IdParamsSchema = z.object({ id: z.string() });

/**
 * /api/key (docs/product.md#api-keys): for the developer permission, which the owner holds. No
 * scope: a key cannot make or change keys, and a support session cannot either (`credentials`).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const config = { access: { permission: 'developer' as const }, credentials: true };
    const actorOf = (request: FastifyRequest) => requireSession(requireActor(request));

    app.get(
      '/scopes',
      { config, schema: { response: { 200: dataEnvelope(ApiKeyScopesResponseSchema) } } },
      async (request) => ok(grantableScopes(actorOf(request).permission)),
    );

    app.get(
      '/',
      { config, schema: { response: { 200: dataEnvelope(ApiKeyListResponseSchema) } } },
      async (request) => ok(await listApiKeys(ctx, actorOf(request))),
    );

    app.post(
      '/',
      {
        config,
        schema: {
          // The expiry's bounds are read from the app's clock, which tests move.
          body: createApiKeyCreateInputSchema(() => ctx.now().getTime()),
          response: { 201: dataEnvelope(ApiKeyRevealSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(ok(await createApiKey(ctx, actorOf(request), request.body, requestMeta(request)))),
    );

    app.patch(
      '/:id',
      {
        config,
        schema: {
          params: IdParamsSchema,
          body: ApiKeyPatchInputSchema,
          response: { 200: dataEnvelope(ApiKeySchema) },
        },
      },
      async (request) =>
        ok(
          await updateApiKey(
            ctx,
            actorOf(request),
            request.params.id,
            request.body,
            requestMeta(request),
          ),
        ),
    );

    app.post(
      '/:id/roll',
      {
        config,
        schema: {
          params: IdParamsSchema,
          body: ApiKeyRollInputSchema,
          response: { 200: dataEnvelope(ApiKeyRevealSchema) },
        },
      },
      async (request) =>
        ok(
          await rollApiKey(
            ctx,
            actorOf(request),
            request.params.id,
            request.body.overlap,
            requestMeta(request),
          ),
        ),
    );

    app.delete(
      '/:id',
      {
        config,
        schema: { params: IdParamsSchema, response: { 200: dataEnvelope(z.null()) } },
      },
      async (request) => {
        await deleteApiKey(ctx, actorOf(request), request.params.id, requestMeta(request));
        return ok(null);
      },
    );
  },
);
