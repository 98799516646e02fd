import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  ConsoleSessionSchema,
  OverviewQuerySchema,
  OverviewSchema,
  StepUpInputSchema,
} from '@partner-portal/shared/master';
import type { AppContext } from '../../lib/app-context';
import { requireCaller, requireCurrentUser } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { CONSOLE_ACCESS, registerConsoleGuard } from './console-guard';
import { consoleSession, stepUp } from './console-session.service';
import { overview } from './overview.service';
import { routesIn } from '../../lib/route-file';

/**
 * `/api/master` (docs/product.md#operator-console): whether the console opens, the step-up that
 * opens its sensitive actions, and the overview. Masters only, with 2FA on; keys never.
 */
export const consoleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    registerConsoleGuard(app, ctx, { allowWithout2fa: ['/api/master/session'] });
    const config = { access: CONSOLE_ACCESS };

    app.get(
      '/session',
      { config, schema: { response: { 200: dataEnvelope(ConsoleSessionSchema) } } },
      async (request) =>
        ok(
          await consoleSession(
            ctx,
            requireCaller(request),
            requireCurrentUser(request)['2fa_enabled'],
          ),
        ),
    );

    app.post(
      '/step-up',
      {
        config: { ...config, rateLimit: rateLimitFor('otp') },
        schema: { body: StepUpInputSchema, response: { 200: dataEnvelope(ConsoleSessionSchema) } },
      },
      async (request) => ok(await stepUp(ctx, requireCaller(request), request.body.code)),
    );

    app.get(
      '/overview',
      {
        config,
        schema: {
          querystring: OverviewQuerySchema,
          response: { 200: dataEnvelope(OverviewSchema) },
        },
      },
      async (request) => ok(await overview(ctx.db, ctx.now(), request.query.days)),
    );
  },
);
