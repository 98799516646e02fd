import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PlansResponseSchema,
  SelectPlanInputSchema,
  SelectPlanResponseSchema,
  SessionResponseSchema,
  SignupInputSchema,
} from '@partner-portal/shared/identity';
import { dataEnvelope } from '@partner-portal/shared/api';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { requestMeta } from '../auth/request-meta';
import { listPlans, selectPlan } from './plan.service';
import { signUpAccount } from './signup.service';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signup') },
      schema: { body: SignupInputSchema, response: { 201: dataEnvelope(SessionResponseSchema) } },
    },
    async (request, reply) => {
      const meta = { ...requestMeta(request), locale: request.headers['accept-language'] ?? 'en' };
      return reply.code(201).send(ok(await signUpAccount(ctx, request.body, meta)));
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
