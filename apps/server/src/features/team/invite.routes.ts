import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { InviteInputSchema, InviteListResponseSchema } from '@partner-portal/shared/team';
import { createAccountLimiter } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { requestMeta } from '../../lib/request-meta';
import { ok } from '../../lib/reply';
import { revokeInvite } from './invite-revoke.service';
import { sendInvites } from './invite-send.service';
import { routesIn } from '../../lib/route-file';

// Any text: an id that names no open invite of this account is a 404 (checked by the service).
const IdParamsSchema = z.object({ id: z.string() });

/** POST /api/invite (send or re-send) and DELETE /api/invite/{id}, for admins (docs/product.md#roles-and-permissions, docs/product.md#api-calls). */
export const inviteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    // Per admin, the addresses actually mailed count (packages/shared/src/limits.ts): a request
    // refused for a typo or a member counts nothing; per address, a looser flood guard.
    const inviteMail = createAccountLimiter(app, 'invite_mail');

    app.post(
      '/',
      {
        config: {
          access: { permission: 'admin' },
          scope: 'invite.create',
          rateLimit: rateLimitFor('invite'),
        },
        schema: {
          body: InviteInputSchema,
          response: { 201: dataEnvelope(InviteListResponseSchema) },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        await inviteMail.check(request, reply, actor.userId, request.body.email.length);
        const sent = await sendInvites(ctx, actor, request.body, requestMeta(request));
        await inviteMail.record(request, actor.userId, sent.length);
        return reply.code(201).send(ok(sent));
      },
    );

    app.delete(
      '/:id',
      {
        config: { access: { permission: 'admin' }, scope: 'invite.delete' },
        schema: { params: IdParamsSchema, response: { 200: dataEnvelope(z.null()) } },
      },
      async (request) => {
        await revokeInvite(ctx, requireActor(request), request.params.id, requestMeta(request));
        return ok(null);
      },
    );
  },
);
