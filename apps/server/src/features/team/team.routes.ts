import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { AccountUsersResponseSchema, AdvertiserListSchema } from '@partner-portal/shared/team';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { listAdvertisers } from './advertiser-list.service';
import { listTeam } from './team-list.service';
import { routesIn } from '../../lib/route-file';

/** /api/account/users: the team list (members and open invites), and the advertisers to tie users to. */
export const teamRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    app.get(
      '/',
      {
        config: { access: { permission: 'admin' }, scope: 'user.read' },
        schema: { response: { 200: dataEnvelope(AccountUsersResponseSchema) } },
      },
      async (request) => ok(await listTeam(ctx.db, requireActor(request), ctx.now())),
    );

    // What the invite and edit dialogs offer as an advertiser user's advertiser.
    app.get(
      '/advertisers',
      {
        config: { access: { permission: 'admin' }, scope: 'user.read' },
        schema: { response: { 200: dataEnvelope(AdvertiserListSchema) } },
      },
      async (request) => ok(await listAdvertisers(ctx.db, requireActor(request))),
    );
  },
);
