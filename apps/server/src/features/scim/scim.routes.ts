import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import SCIMMY from 'scimmy';
import type { AppContext } from '../../lib/app-context';
import { rateLimitFor } from '../../lib/rate-limit';
import { requestMeta } from '../../lib/request-meta';
import { routesIn } from '../../lib/route-file';
import { withEntraBooleans } from './scim-input';
import { declareScim } from './scim-resources';
import { scimAccountOf, scimBaseUrl } from './scim-token.service';
import type { ScimCaller } from './scim-users.service';

/** An Entra ID user with many attributes is a few KB; a page of them is the largest body we send. */
const SCIM_BODY_LIMIT = 64 * 1024;
const SCIM_TYPE = 'application/scim+json; charset=utf-8';

const ListQuerySchema = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().min(1).optional(),
  count: z.coerce.number().int().min(0).max(200).optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
const IdParamsSchema = z.object({ id: z.string().max(200) });

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller: ScimCaller | null;
  }
}

function scimErrorBody(status: number, scimType: string | null, detail: string) {
  return new SCIMMY.Messages.ErrorResponse({
    status,
    ...(scimType ? { scimType } : {}),
    detail,
  } as unknown as SCIMMY.Messages.ErrorResponse.CauseDetails);
}

const sendScim = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type(SCIM_TYPE).send(JSON.stringify(body));

const callerOf = (request: FastifyRequest): ScimCaller => {
  if (!request.scimCaller)
    throw new SCIMMY.Types.Error(401, null as unknown as string, 'unauthorized');
  return request.scimCaller;
};

/**
 * `/scim/v2` (docs/product.md#scim-provisioning): the account's IdP adds, changes, deactivates
 * and removes its people, with the account's SCIM token as a bearer. Bodies and answers are
 * RFC 7643/7644's, checked and shaped by SCIMMY rather than our zod envelope, and every refusal
 * is a SCIM error (`application/scim+json`, `status`, `scimType`), never our JSON envelope.
 */
export const scimRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    declareScim(scimBaseUrl(ctx.config.appUrl));
    app.addContentTypeParser(
      ['application/scim+json', 'application/json'],
      { parseAs: 'string', bodyLimit: SCIM_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, body === '' ? undefined : JSON.parse(String(body)));
        } catch {
          done(new SCIMMY.Types.Error(400, 'invalidSyntax', 'The body is not JSON'), undefined);
        }
      },
    );
    app.decorateRequest('scimCaller', null);

    app.addHook('onRequest', async (request, reply) => {
      const found = await scimAccountOf(ctx.db, request.headers.authorization, ctx.now());
      if (!found) {
        return sendScim(
          reply,
          401,
          scimErrorBody(401, null, 'A valid SCIM bearer token is required'),
        );
      }
      if (!found.entitled) {
        return sendScim(
          reply,
          403,
          scimErrorBody(403, null, 'Provisioning needs an open account on the Pro plan'),
        );
      }
      request.scimCaller = { ctx, accountId: found.accountId, meta: requestMeta(request) };
    });

    app.setErrorHandler((error, request, reply) => {
      if (error instanceof SCIMMY.Types.Error) {
        const { status, scimType, message } = error as unknown as {
          status: number;
          scimType?: string;
          message: string;
        };
        return sendScim(reply, status, scimErrorBody(status, scimType ?? null, message));
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'scim request failed');
        return sendScim(reply, 500, scimErrorBody(500, null, 'Something went wrong on our side'));
      }
      // Fastify's own refusals: a query that is not what SCIM allows, a body too large, a bad type.
      const scimType = (error as { validation?: unknown }).validation
        ? 'invalidValue'
        : 'invalidSyntax';
      return sendScim(
        reply,
        status,
        scimErrorBody(status, status === 400 ? scimType : null, (error as Error).message),
      );
    });

    const config = { access: 'public' as const, xsrf: false, rateLimit: rateLimitFor('scim') };
    for (const [path, Resource] of [
      ['/Users', SCIMMY.Resources.User],
      ['/Groups', SCIMMY.Resources.Group],
    ] as const) {
      app.get(path, { config, schema: { querystring: ListQuerySchema } }, async (request, reply) =>
        sendScim(reply, 200, await new Resource(undefined, request.query).read(callerOf(request))),
      );
      app.get(
        `${path}/:id`,
        { config, schema: { params: IdParamsSchema, querystring: ListQuerySchema } },
        async (request, reply) =>
          sendScim(
            reply,
            200,
            await new Resource(request.params.id, request.query).read(callerOf(request)),
          ),
      );
      app.post(path, { config }, async (request, reply) =>
        sendScim(reply, 201, await new Resource().write(request.body, callerOf(request))),
      );
      app.put(
        `${path}/:id`,
        { config, schema: { params: IdParamsSchema } },
        async (request, reply) =>
          sendScim(
            reply,
            200,
            await new Resource(request.params.id).write(request.body, callerOf(request)),
          ),
      );
      app.patch(
        `${path}/:id`,
        { config, schema: { params: IdParamsSchema, querystring: ListQuerySchema } },
        async (request, reply) => {
          const patched = await new Resource(request.params.id, request.query).patch(
            withEntraBooleans(request.body) as SCIMMY.Messages.PatchOp,
            callerOf(request),
          );
          return patched ? sendScim(reply, 200, patched) : reply.code(204).send();
        },
      );
      app.delete(
        `${path}/:id`,
        { config, schema: { params: IdParamsSchema } },
        async (request, reply) => {
          await new Resource(request.params.id).dispose(callerOf(request));
          return reply.code(204).send();
        },
      );
    }

    app.get('/ServiceProviderConfig', { config }, async (request, reply) => {
      callerOf(request);
      return sendScim(reply, 200, await new SCIMMY.Resources.ServiceProviderConfig().read());
    });
    app.get('/Schemas', { config }, async (request, reply) => {
      callerOf(request);
      return sendScim(reply, 200, await new SCIMMY.Resources.Schema().read());
    });
    app.get(
      '/Schemas/:id',
      { config, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        callerOf(request);
        return sendScim(reply, 200, await new SCIMMY.Resources.Schema(request.params.id).read());
      },
    );
    app.get('/ResourceTypes', { config }, async (request, reply) => {
      callerOf(request);
      return sendScim(reply, 200, await new SCIMMY.Resources.ResourceType().read());
    });
    app.get(
      '/ResourceTypes/:id',
      { config, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        callerOf(request);
        return sendScim(
          reply,
          200,
          await new SCIMMY.Resources.ResourceType(request.params.id).read(),
        );
      },
    );
  },
);
