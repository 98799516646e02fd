import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventInputSchema } from '@partner-portal/shared/identity';
import { createAccountLimiter } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { recordEvent } from '../../lib/events';
import { routesIn } from '../../lib/route-file';

/**
 * POST /api/event: a product event of the signed-in user (or their key's), for the operator
 * console's counts. A bad name or metadata over 2 KB is a 400 before anything is counted; past
 * 60 a minute per user, 429.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const perUser = createAccountLimiter(app, 'product_events');
    app.post(
      '/',
      {
        config: { access: 'authenticated', scope: 'event.create' },
        schema: { body: EventInputSchema },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        await perUser.take(request, reply, actor.userId);
        await recordEvent(ctx.db, {
          ...request.body,
          userId: actor.userId,
          accountId: actor.accountId,
        });
        return reply.code(201).send(ok(null));
      },
    );
  },
);
