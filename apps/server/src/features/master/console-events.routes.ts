import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { ConsoleEventListSchema, EventsQuerySchema } from '@partner-portal/shared/master';
import type { AppContext } from '../../lib/app-context';
import { ok } from '../../lib/reply';
import { CONSOLE_ACCESS, registerConsoleGuard } from './console-guard';
import { listConsoleEvents } from './console-events.service';
import { routesIn } from '../../lib/route-file';

/** `/api/master/events` (docs/product.md#operator-console): product events, counted and listed. */
export const consoleEventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    registerConsoleGuard(app, ctx);
    app.get(
      '/',
      {
        config: { access: CONSOLE_ACCESS },
        schema: {
          querystring: EventsQuerySchema,
          response: { 200: dataEnvelope(ConsoleEventListSchema) },
        },
      },
      async (request) => ok(await listConsoleEvents(ctx.db, request.query, ctx.now())),
    );
  },
);
