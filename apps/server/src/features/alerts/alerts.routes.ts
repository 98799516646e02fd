import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  AlertCreateInputSchema,
  AlertHistorySchema,
  AlertListSchema,
  AlertPatchInputSchema,
  AlertSchema,
} from '@partner-portal/shared/alerts';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok, okSaying } from '../../lib/reply';
import { routesIn } from '../../lib/route-file';
import { alertHistory, createAlert, deleteAlert, listAlerts, updateAlert } from './alerts.service';

// Any text: an id that names no alert of the caller is a 404 (checked by the service).
const IdParams = z.object({ id: z.string() });

/**
 * /api/alerts (docs/product.md#metric-alerts): each member's own metric alerts, on Plus and
 * above, read on the rows that member may see. Not for API keys: an alert is a person's.
 */
export const alertRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const config = { access: { permission: 'user' as const } };

    app.get(
      '/',
      { config, schema: { response: { 200: dataEnvelope(AlertListSchema) } } },
      async (request) => ok(await listAlerts(ctx, requireActor(request))),
    );

    app.post(
      '/',
      {
        config,
        schema: { body: AlertCreateInputSchema, response: { 201: dataEnvelope(AlertSchema) } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            okSaying(
              request,
              await createAlert(ctx, requireActor(request), request.body),
              'message.alert_created',
            ),
          ),
    );

    app.patch(
      '/:id',
      {
        config,
        schema: {
          params: IdParams,
          body: AlertPatchInputSchema,
          response: { 200: dataEnvelope(AlertSchema) },
        },
      },
      async (request) =>
        okSaying(
          request,
          await updateAlert(ctx, requireActor(request), request.params.id, request.body),
          'message.alert_updated',
        ),
    );

    app.delete(
      '/:id',
      { config, schema: { params: IdParams, response: { 200: dataEnvelope(z.null()) } } },
      async (request) => {
        await deleteAlert(ctx, requireActor(request), request.params.id);
        return okSaying(request, null, 'message.alert_deleted');
      },
    );

    app.get(
      '/:id/history',
      { config, schema: { params: IdParams, response: { 200: dataEnvelope(AlertHistorySchema) } } },
      async (request) => ok(await alertHistory(ctx, requireActor(request), request.params.id)),
    );
  },
);
