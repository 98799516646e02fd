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
import { CONSOLE_ACCESS, registerConsoleGuard } from './console-guard';
import {
  getConsoleUser,
  impersonateFromConsole,
  listConsoleUsers,
  resendConsoleVerification,
  resetUserTwoFactor,
  revokeConsoleSession,
  setUserDisabled,
} from './console-users.service';

const IdParamsSchema = z.object({ id: z.string() });
const doneSchema = { response: { 200: dataEnvelope(z.null()) } };

/** `/api/master/users` (docs/product.md#operator-console): find, read and help users. */
export const consoleUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  registerConsoleGuard(app, ctx);
  const config = { access: CONSOLE_ACCESS };
  const sensitive = { access: CONSOLE_ACCESS, stepUp: true };

  app.get(
    '/',
    {
      config,
      schema: {
        querystring: ConsoleListQuerySchema,
        response: { 200: dataEnvelope(ConsoleUserListSchema) },
      },
    },
    async (request) => ok(await listConsoleUsers(ctx.db, request.query)),
  );

  app.get(
    '/:id',
    {
      config,
      schema: { params: IdParamsSchema, response: { 200: dataEnvelope(ConsoleUserDetailSchema) } },
    },
    async (request) => ok(await getConsoleUser(ctx, request.params.id)),
  );

  app.delete(
    '/:id/sessions/:sessionId',
    {
      config,
      schema: { params: IdParamsSchema.extend({ sessionId: z.string() }), ...doneSchema },
    },
    async (request) => {
      const { id, sessionId } = request.params;
      await revokeConsoleSession(ctx, requireCaller(request), id, sessionId);
      return okSaying(request, null, 'message.console_session_revoked');
    },
  );

  app.post(
    '/:id/verification',
    { config, schema: { params: IdParamsSchema, ...doneSchema } },
    async (request) => {
      const done = await resendConsoleVerification(ctx, requireCaller(request), request.params.id);
      return okSaying(request, null, 'message.console_verification_sent', done);
    },
  );

  app.post(
    '/:id/disable',
    { config: sensitive, schema: { params: IdParamsSchema, ...doneSchema } },
    async (request) => {
      const done = await setUserDisabled(ctx, requireCaller(request), request.params.id, true);
      return okSaying(request, null, 'message.console_user_disabled', done);
    },
  );

  app.post(
    '/:id/enable',
    { config, schema: { params: IdParamsSchema, ...doneSchema } },
    async (request) => {
      const done = await setUserDisabled(ctx, requireCaller(request), request.params.id, false);
      return okSaying(request, null, 'message.console_user_enabled', done);
    },
  );

  app.post(
    '/:id/reset-2fa',
    { config: sensitive, schema: { params: IdParamsSchema, ...doneSchema } },
    async (request) => {
      const done = await resetUserTwoFactor(ctx, requireCaller(request), request.params.id);
      return okSaying(request, null, 'message.console_2fa_reset', done);
    },
  );

  app.post(
    '/:id/impersonate',
    {
      config: sensitive,
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
};
