import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  ConsoleListQuerySchema,
  ConsoleUserDetailSchema,
  ConsoleUserListSchema,
  ImpersonateInputSchema,
  ImpersonateResponseSchema,
} from '@partner-portal/shared/master';
import type { AppContext } from '../../lib/app-context';
import { requireCaller } from '../../lib/auth-guard';
import { ok, okSaying } from '../../lib/reply';
import { registerConsoleGuard } from './console-guard';
import {
  CONSOLE_CONFIG,
  CONSOLE_SENSITIVE,
  DONE_RESPONSE,
  IdParamsSchema,
  registerDisableSwitch,
} from './console-routes-kit';
import {
  getConsoleUser,
  impersonateFromConsole,
  listConsoleUsers,
  resendConsoleVerification,
  resetUserTwoFactor,
  revokeConsoleSession,
  setUserDisabled,
} from './console-users.service';
import { routesIn } from '../../lib/route-file';

/** `/api/master/users` (docs/product.md#operator-console): find, read and help users. */
export const consoleUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    registerConsoleGuard(app, ctx);
    registerDisableSwitch(app, ctx, setUserDisabled, {
      disabled: 'message.console_user_disabled',
      enabled: 'message.console_user_enabled',
    });

    app.get(
      '/',
      {
        config: CONSOLE_CONFIG,
        schema: {
          querystring: ConsoleListQuerySchema,
          response: { 200: dataEnvelope(ConsoleUserListSchema) },
        },
      },
      async (request) => ok(await listConsoleUsers(ctx.db, request.query, ctx.now())),
    );

    app.get(
      '/:id',
      {
        config: CONSOLE_CONFIG,
        schema: {
          params: IdParamsSchema,
          response: { 200: dataEnvelope(ConsoleUserDetailSchema) },
        },
      },
      async (request) => ok(await getConsoleUser(ctx, request.params.id)),
    );

    app.delete(
      '/:id/sessions/:sessionId',
      {
        config: CONSOLE_CONFIG,
        schema: { params: IdParamsSchema.extend({ sessionId: z.string() }), ...DONE_RESPONSE },
      },
      async (request) => {
        const { id, sessionId } = request.params;
        await revokeConsoleSession(ctx, requireCaller(request), id, sessionId);
        return okSaying(request, null, 'message.console_session_revoked');
      },
    );

    app.post(
      '/:id/verification',
      { config: CONSOLE_CONFIG, schema: { params: IdParamsSchema, ...DONE_RESPONSE } },
      async (request) => {
        const done = await resendConsoleVerification(
          ctx,
          requireCaller(request),
          request.params.id,
        );
        return okSaying(request, null, 'message.console_verification_sent', done);
      },
    );

    app.post(
      '/:id/reset-2fa',
      { config: CONSOLE_SENSITIVE, schema: { params: IdParamsSchema, ...DONE_RESPONSE } },
      async (request) => {
        const done = await resetUserTwoFactor(ctx, requireCaller(request), request.params.id);
        return okSaying(request, null, 'message.console_2fa_reset', done);
      },
    );

    app.post(
      '/:id/impersonate',
      {
        config: CONSOLE_SENSITIVE,
        schema: {
          params: IdParamsSchema,
          body: ImpersonateInputSchema,
          response: { 200: dataEnvelope(ImpersonateResponseSchema) },
        },
      },
      async (request) =>
        ok(
          await impersonateFromConsole(
            ctx,
            requireCaller(request),
            request.params.id,
            request.body.reason,
          ),
        ),
    );
  },
);
