import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PlansResponseSchema,
  SelectPlanInputSchema,
  SelectPlanResponseSchema,
  SigninResponseSchema,
  SignupInputSchema,
} from '@partner-portal/shared/identity';
import { dataEnvelope } from '@partner-portal/shared/api';
import type { AppContext } from '../../lib/app-context';
import { withPasswordGuessLimit, type AccountLimits } from '../../lib/account-rate-limit';
import { AppError } from '../../lib/app-error';
import { requireActor } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { requestMeta } from '../auth/request-meta';
import { listPlans, selectPlan } from './plan.service';
import { signUpAccount } from './signup.service';

export const accountRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limits: AccountLimits;
}> = async (app, { ctx, limits }) => {
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
    '/plans',
    {
      config: { access: { permission: 'user' } },
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
    async (request) => ok(await selectPlan(ctx, requireActor(request), request.body.plan)),
  );
};
