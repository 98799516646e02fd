import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  InsightFeedbackSchema,
  InsightIdParamsSchema,
  InsightSettingsSchema,
  InsightsQuerySchema,
  InsightsResponseSchema,
} from '@partner-portal/shared/insights';
import type { AppContext } from '../../lib/app-context';
import { requireActor, requireCaller } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { getInsights, giveFeedback, setInsightSettings } from './insights.service';
import { routesIn } from '../../lib/route-file';

/**
 * `/api/insights` (docs/insights.md): a workbook's insights for the viewer, feedback on one, and
 * the owner's AI-summary switch. Every member who may open a workbook may ask; the plan decides.
 */
export const insightRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    app.get(
      '/',
      {
        config: { access: { permission: 'user' } },
        schema: {
          querystring: InsightsQuerySchema,
          response: { 200: dataEnvelope(InsightsResponseSchema) },
        },
      },
      async (request) =>
        ok(await getInsights(ctx, requireActor(request), request.query, request.locale)),
    );

    app.post(
      '/:id/feedback',
      {
        config: { access: { permission: 'user' } },
        schema: { params: InsightIdParamsSchema, body: InsightFeedbackSchema },
      },
      async (request, reply) => {
        await giveFeedback(ctx, requireActor(request), request.params.id, request.body);
        return reply.code(204).send();
      },
    );

    app.patch(
      '/settings',
      {
        config: { access: { permission: 'owner' } },
        schema: {
          body: InsightSettingsSchema,
          response: {
            200: dataEnvelope(InsightSettingsSchema.extend({ available: z.boolean() })),
          },
        },
      },
      async (request) => ok(await setInsightSettings(ctx, requireCaller(request), request.body)),
    );
  },
);
