import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  NotificationListSchema,
  NotificationPatchSchema,
} from '@partner-portal/shared/notifications';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { listNotifications, updateNotifications } from './notification-settings.service';
import { routesIn } from '../../lib/route-file';

/** docs/product.md#screens-and-routes "Notifications": the signed-in user's own switches. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    app.get(
      '/',
      {
        config: { access: 'authenticated' },
        schema: { response: { 200: dataEnvelope(NotificationListSchema) } },
      },
      async (request) => ok(await listNotifications(ctx.db, requireActor(request).userId)),
    );

    app.patch(
      '/',
      {
        config: { access: 'authenticated' },
        schema: {
          body: NotificationPatchSchema,
          response: { 200: dataEnvelope(NotificationListSchema) },
        },
      },
      async (request) =>
        ok(
          await updateNotifications(ctx.db, requireActor(request).userId, request.body, ctx.now()),
        ),
    );
  },
);
