import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { FeedbackInputSchema } from '@partner-portal/shared/support';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { okSaying } from '../../lib/reply';
import { saveFeedback } from './feedback.service';
import { routesIn } from '../../lib/route-file';

/** /api/feedback: the feedback widget's rating and comment (docs/product.md#screens). */
export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    app.post(
      '/',
      {
        config: { access: 'authenticated', rateLimit: rateLimitFor('feedback') },
        schema: {
          body: FeedbackInputSchema,
          response: { 201: dataEnvelope(z.object({ id: z.string() })) },
        },
      },
      async (request, reply) => {
        const saved = await saveFeedback(ctx, requireActor(request), request.body);
        return reply.code(201).send(okSaying(request, saved, 'message.feedback_saved'));
      },
    );
  },
);
