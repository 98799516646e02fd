import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventInputSchema } from '@partner-portal/shared/identity';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { recordEvent } from '../../lib/events';

export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/',
    {
      config: { access: 'authenticated', scope: 'event.create' },
      schema: { body: EventInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await recordEvent(ctx.db, {
        ...request.body,
        userId: actor.userId,
        accountId: actor.accountId,
      });
      return reply.code(201).send(ok(null));
    },
  );
};
