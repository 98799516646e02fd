import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { registerConsoleGuard } from './console-guard';
import {
  CONSOLE_CONFIG,
  CONSOLE_SENSITIVE,
  DONE_RESPONSE,
  IdParamsSchema,
  registerDisableSwitch,
} from './console-routes-kit';
import {
  cancelConsoleSubscription,
  changeConsolePlan,
  getConsoleAccount,
  listConsoleAccounts,
  setAccountDisabled,
} from './console-accounts.service';
import { routesIn } from '../../lib/route-file';

/** `/api/master/accounts` (docs/product.md#operator-console): find, read and act on accounts. */
export const consoleAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    registerConsoleGuard(app, ctx);
    registerDisableSwitch(app, ctx, setAccountDisabled, {
      disabled: 'message.console_account_disabled',
      enabled: 'message.console_account_enabled',
    });

    app.get(
      '/',
      {
        config: CONSOLE_CONFIG,
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
        config: CONSOLE_CONFIG,
        schema: {
          params: IdParamsSchema,
          response: { 200: dataEnvelope(ConsoleAccountDetailSchema) },
        },
      },
      async (request) =>
        ok(await getConsoleAccount(ctx, requireCaller(request), request.params.id)),
    );

    app.post(
      '/:id/plan',
      {
        config: CONSOLE_SENSITIVE,
        schema: { params: IdParamsSchema, body: ConsolePlanInputSchema, ...DONE_RESPONSE },
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
      { config: CONSOLE_SENSITIVE, schema: { params: IdParamsSchema, ...DONE_RESPONSE } },
      async (request) => {
        const done = await cancelConsoleSubscription(
          ctx,
          requireCaller(request),
          request.params.id,
        );
        return okSaying(request, null, 'message.console_subscription_canceled', done);
      },
    );
  },
);
