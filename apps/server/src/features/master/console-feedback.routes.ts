import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  ConsoleFeedbackListSchema,
  ConsoleFeedbackSchema,
  FeedbackQuerySchema,
  FeedbackTriageInputSchema,
} from '@partner-portal/shared/master';
import type { AppContext } from '../../lib/app-context';
import { requireCaller } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { CONSOLE_ACCESS, registerConsoleGuard } from './console-guard';
import { listConsoleFeedback, triageFeedback } from './console-feedback.service';
import { routesIn } from '../../lib/route-file';

/** `/api/master/feedback` (docs/product.md#operator-console): ratings to read and triage. */
export const consoleFeedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    registerConsoleGuard(app, ctx);
    const config = { access: CONSOLE_ACCESS };

    app.get(
      '/',
      {
        config,
        schema: {
          querystring: FeedbackQuerySchema,
          response: { 200: dataEnvelope(ConsoleFeedbackListSchema) },
        },
      },
      async (request) => ok(await listConsoleFeedback(ctx.db, request.query)),
    );

    app.patch(
      '/:id',
      {
        config,
        schema: {
          params: z.object({ id: z.string() }),
          body: FeedbackTriageInputSchema,
          response: { 200: dataEnvelope(ConsoleFeedbackSchema) },
        },
      },
      async (request) =>
        ok(await triageFeedback(ctx, requireCaller(request), request.params.id, request.body)),
    );
  },
);
