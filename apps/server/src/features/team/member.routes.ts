import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { PermissionsResponseSchema, RemoveUserResponseSchema } from '@partner-portal/shared/team';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { removeMember } from './member-removal.service';
import { listPermissions } from './permission-list.service';

// Any text: an id that names no member of this account is a 404 (checked by the service).
const IdParamsSchema = z.object({ id: z.string() });

/**
 * The team routes under /api/user (beside features/user/user.routes.ts, which keeps PATCH
 * /api/user for both the profile and a member edit): removing a member and the permissions list.
 */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/permissions',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: dataEnvelope(PermissionsResponseSchema) } },
    },
    async (request) => ok(listPermissions(requireActor(request))),
  );

  app.delete(
    '/:id',
    {
      config: { access: { permission: 'admin' } },
      schema: {
        params: IdParamsSchema,
        response: { 200: dataEnvelope(RemoveUserResponseSchema) },
      },
    },
    async (request) => ok(await removeMember(ctx, requireActor(request), request.params.id)),
  );
};
