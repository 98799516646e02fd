import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  ConsoleAccountDetailSchema,
  ConsoleAccountListSchema,
  ConsoleListQuerySchema,
  ConsolePlanInputSchema,
} from '@partner-portal/shared/master';
import { findPlan } from '@partner-portal/shared/plans';
import type { AppContext } from '../../lib/app-context';
import { requireCaller } from '../../lib/auth-guard';
import { ok, okSaying } from '../../lib/reply';
import { CONSOLE_ACCESS, registerConsoleGuard } from './console-guard';
import {
  cancelConsoleSubscription,
  changeConsolePlan,
  getConsoleAccount,
  listConsoleAccounts,
  setAccountDisabled,
} from './console-accounts.service';

const IdParamsSchema = z.object({ id: z.string() });
const doneSchema = { response: { 200: dataEnvelope(z.null()) } };

/** `/api/master/accounts` (docs/product.md#operator-console): find, read and act on accounts. */
export const consoleAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
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
        response: { 200: dataEnvelope(ConsoleAccountListSchema) },
      },
    },
    async (request) => ok(await listConsoleAccounts(ctx.db, request.query)),
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ConsoleAccountDetailSchema) },
      },
    },
    async (request) => ok(await getConsoleAccount(ctx, requireCaller(request), request.params.id)),
  );

  app.post(
    '/:id/plan',
    {
      config: sensitive,
      schema: { params: IdParamsSchema, body: ConsolePlanInputSchema, ...doneSchema },
    },
    async (request) => {
      const done = await changeConsolePlan(
        ctx,
        requireCaller(request),
        request.params.id,
        request.body.plan,
      );
      const plan = findPlan(done.plan)?.name ?? done.plan;
      return okSaying(
        request,
        null,
        done.scheduled ? 'message.console_plan_scheduled' : 'message.console_plan_changed',
        { account: done.account, plan },
      );
    },
  );

  app.post(
    '/:id/cancel',
    { config: sensitive, schema: { params: IdParamsSchema, ...doneSchema } },
    async (request) => {
      const done = await cancelConsoleSubscription(ctx, requireCaller(request), request.params.id);
      return okSaying(request, null, 'message.console_subscription_canceled', done);
    },
  );

  app.post(
    '/:id/disable',
    { config: sensitive, schema: { params: IdParamsSchema, ...doneSchema } },
    async (request) => {
      const done = await setAccountDisabled(ctx, requireCaller(request), request.params.id, true);
      return okSaying(request, null, 'message.console_account_disabled', done);
    },
  );

  app.post(
    '/:id/enable',
    { config, schema: { params: IdParamsSchema, ...doneSchema } },
    async (request) => {
      const done = await setAccountDisabled(ctx, requireCaller(request), request.params.id, false);
      return okSaying(request, null, 'message.console_account_enabled', done);
    },
  );
};
