import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  WebhookCreateInputSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookListSchema,
  WebhookPatchInputSchema,
  WebhookRevealSchema,
} from '@partner-portal/shared/webhooks';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok, okSaying } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import { routesIn } from '../../lib/route-file';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './webhook-endpoints.service';
import { listDeliveries, retryDelivery, sendTestEvent } from './webhook-deliveries.service';

// Any text: an id that names nothing of this account is a 404 (checked by the services).
const IdParams = z.object({ id: z.string() });
const DeliveryParams = z.object({ id: z.string(), delivery_id: z.string() });

/**
 * /api/webhooks (docs/product.md#webhooks): the account's outbound endpoints, for the developer
 * permission (which the owner holds), on Plus and above. API keys reach them with the
 * `webhook.manage` scope.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  onQueued: () => void;
}> = routesIn(import.meta.url, async (app, { ctx, onQueued }) => {
  // `credentials`: a support session neither reads a secret nor points the events elsewhere.
  const config = {
    access: { permission: 'developer' as const },
    scope: 'webhook.manage' as const,
    credentials: true,
  };
  const caller = (request: FastifyRequest) => ({
    actor: requireActor(request),
    meta: requestMeta(request),
  });

  app.get(
    '/',
    { config, schema: { response: { 200: dataEnvelope(WebhookListSchema) } } },
    async (request) => ok(await listEndpoints(ctx, requireActor(request))),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        body: WebhookCreateInputSchema,
        response: { 201: dataEnvelope(WebhookRevealSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          okSaying(
            request,
            await createEndpoint(ctx, caller(request), request.body),
            'message.webhook_created',
          ),
        ),
  );

  app.patch(
    '/:id',
    {
      config,
      schema: {
        params: IdParams,
        body: WebhookPatchInputSchema,
        response: { 200: dataEnvelope(WebhookEndpointSchema) },
      },
    },
    async (request) =>
      okSaying(
        request,
        await updateEndpoint(ctx, caller(request), request.params.id, request.body),
        'message.webhook_updated',
      ),
  );

  app.delete(
    '/:id',
    { config, schema: { params: IdParams, response: { 200: dataEnvelope(z.null()) } } },
    async (request) => {
      await deleteEndpoint(ctx, caller(request), request.params.id);
      return okSaying(request, null, 'message.webhook_deleted');
    },
  );

  app.post(
    '/:id/rotate-secret',
    {
      config,
      schema: { params: IdParams, response: { 200: dataEnvelope(WebhookRevealSchema) } },
    },
    async (request) =>
      okSaying(
        request,
        await rotateSecret(ctx, caller(request), request.params.id),
        'message.webhook_rotated',
      ),
  );

  app.post(
    '/:id/test',
    {
      config,
      schema: { params: IdParams, response: { 200: dataEnvelope(WebhookDeliverySchema) } },
    },
    async (request) => {
      const delivery = await sendTestEvent(ctx, requireActor(request), request.params.id);
      return delivery.status === 'succeeded'
        ? okSaying(request, delivery, 'message.webhook_test_ok', {
            status: delivery.response_status ?? 0,
            ms: delivery.duration_ms ?? 0,
          })
        : okSaying(request, delivery, 'message.webhook_test_failed', {
            error: delivery.error ?? `HTTP ${delivery.response_status ?? '?'}`,
          });
    },
  );

  app.get(
    '/:id/deliveries',
    {
      config,
      schema: {
        params: IdParams,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: dataEnvelope(WebhookDeliveryPageSchema) },
      },
    },
    async (request) =>
      ok(await listDeliveries(ctx, requireActor(request), request.params.id, request.query)),
  );

  app.post(
    '/:id/deliveries/:delivery_id/retry',
    {
      config,
      schema: { params: DeliveryParams, response: { 200: dataEnvelope(WebhookDeliverySchema) } },
    },
    async (request) => {
      const { id, delivery_id: deliveryId } = request.params;
      const delivery = await retryDelivery(ctx, requireActor(request), id, deliveryId);
      onQueued();
      return okSaying(request, delivery, 'message.webhook_retry_queued');
    },
  );
});
