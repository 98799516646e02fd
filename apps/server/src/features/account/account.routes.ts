import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SigninResponseSchema, SignupInputSchema } from '@partner-portal/shared/identity';
import { dataEnvelope } from '@partner-portal/shared/api';
import { AccountDetailSchema } from '@partner-portal/shared/user';
import { WelcomeChecklistSchema } from '@partner-portal/shared/welcome';
import {
  needsPaymentAction,
  PlansResponseSchema,
  PlanPreviewQuerySchema,
  PlanPreviewSchema,
  SelectPlanInputSchema,
  SelectPlanResponseSchema,
  UpgradeInputSchema,
  UpgradeResponseSchema,
} from '@partner-portal/shared/billing';
import type { AppContext } from '../../lib/app-context';
import { withPasswordGuessLimit, type AccountLimits } from '../../lib/account-rate-limit';
import { AppError } from '../../lib/app-error';
import { requireActor, requireCaller } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok, okSaying } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import { accountDetail } from './account-detail.service';
import { listPlans } from './plan.service';
import { changePlan, previewPlanChange } from '../billing/plan-change.service';
import { upgradeAccount } from '../billing/upgrade.service';
import { CLOSE_ACCOUNT, registerClose } from '../closing/close-route';
import { signUpAccount } from './signup.service';
import { dismissWelcomeChecklist, welcomeChecklist } from './welcome-checklist.service';
import { routesIn } from '../../lib/route-file';

export const accountRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limits: AccountLimits;
}> = routesIn(import.meta.url, async (app, { ctx, limits }) => {
  registerClose(app, { ctx, limits }, CLOSE_ACCOUNT);

  app.post(
    '/',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signup') },
      schema: { body: SignupInputSchema, response: { 201: dataEnvelope(SigninResponseSchema) } },
    },
    async (request, reply) => {
      const meta = { ...requestMeta(request), locale: request.headers['accept-language'] ?? 'en' };
      // Signing up with a registered e-mail checks its password, so it counts as a guess too.
      const response = await withPasswordGuessLimit(
        limits,
        { request, reply, email: request.body.email },
        () => signUpAccount(ctx, request.body, meta),
        (error) => error instanceof AppError && error.messageKey === 'error.email_taken',
      );
      return reply.code(201).send(ok(response));
    },
  );

  app.get(
    '/',
    {
      config: { access: { permission: 'user' }, scope: 'account.read' },
      schema: { response: { 200: dataEnvelope(AccountDetailSchema) } },
    },
    async (request) => ok(await accountDetail(ctx.db, requireActor(request).accountId)),
  );

  // The Welcome page's first steps: a person's, so a session's only (no key scope).
  app.get(
    '/checklist',
    {
      config: { access: { permission: 'user' } },
      schema: { response: { 200: dataEnvelope(WelcomeChecklistSchema) } },
    },
    async (request) => ok(await welcomeChecklist(ctx.db, requireActor(request))),
  );

  app.post(
    '/checklist/dismiss',
    {
      config: { access: { permission: 'user' } },
      schema: { response: { 200: dataEnvelope(WelcomeChecklistSchema) } },
    },
    async (request) => {
      const actor = requireActor(request);
      await dismissWelcomeChecklist(ctx.db, actor.userId, ctx.now());
      return ok(await welcomeChecklist(ctx.db, actor));
    },
  );

  app.get(
    '/plans',
    {
      config: { access: { permission: 'user' }, scope: 'account.read' },
      schema: { response: { 200: dataEnvelope(PlansResponseSchema) } },
    },
    async (request) => ok(await listPlans(ctx, requireActor(request))),
  );

  app.post(
    '/plan',
    {
      config: { access: { permission: 'owner' } },
      schema: {
        body: SelectPlanInputSchema,
        response: { 200: dataEnvelope(SelectPlanResponseSchema) },
      },
    },
    async (request) => ok(await changePlan(ctx, requireCaller(request), request.body)),
  );

  app.get(
    '/plan/preview',
    {
      config: { access: { permission: 'owner' } },
      schema: {
        querystring: PlanPreviewQuerySchema,
        response: { 200: dataEnvelope(PlanPreviewSchema) },
      },
    },
    async (request) => ok(await previewPlanChange(ctx, requireCaller(request), request.query.plan)),
  );

  // docs/product.md#roles-and-permissions: upgrading needs admin (choosing a plan needs owner). Paying is a credential change.
  app.post(
    '/upgrade',
    {
      config: {
        access: { permission: 'admin' },
        credentials: true,
        rateLimit: rateLimitFor('card'),
      },
      schema: {
        body: UpgradeInputSchema,
        response: { 200: dataEnvelope(UpgradeResponseSchema) },
      },
    },
    async (request) => {
      const answer = await upgradeAccount(ctx, requireCaller(request), request.body);
      if (needsPaymentAction(answer)) return ok(answer);
      return okSaying(request, answer, 'message.plan_upgraded');
    },
  );
});
