import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  LocalAuthenticateInputSchema,
  LocalAuthenticateResponseSchema,
} from '@partner-portal/shared/billing';
import { LocalCardInputSchema, LocalCardTokenSchema } from '@partner-portal/shared/card';
import type { AppContext } from '../../../lib/app-context';
import { requireCaller } from '../../../lib/auth-guard';
import { rateLimitFor } from '../../../lib/rate-limit';
import { ok } from '../../../lib/reply';
import { localProcessorDeps } from '../create-billing-provider';
import { approvePayment } from '../payment-approval.service';
import { tokenizeCard } from './processor-cards';
import { routesIn } from '../../../lib/route-file';

/**
 * /api/billing/local: the built-in card processor's own API, the part Stripe.js talks to on
 * Stripe — taking a card (the number and CVC stop here) and the issuer's authentication page.
 * Registered only when the built-in processor is the provider. Whoever may pay (admin) may use it.
 */
export const localProcessorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const deps = localProcessorDeps(ctx.config, ctx.db, ctx.now);
    const payer = { permission: 'admin' } as const;

    app.post(
      '/cards',
      {
        config: { access: payer, credentials: true, rateLimit: rateLimitFor('card') },
        schema: {
          body: LocalCardInputSchema,
          response: { 200: dataEnvelope(LocalCardTokenSchema) },
        },
      },
      async (request) => ok(await tokenizeCard(ctx.db, deps.key, request.body, ctx.now())),
    );

    app.post(
      '/authenticate',
      {
        config: { access: payer, credentials: true, rateLimit: rateLimitFor('card') },
        schema: {
          body: LocalAuthenticateInputSchema,
          response: { 200: dataEnvelope(LocalAuthenticateResponseSchema) },
        },
      },
      async (request) => {
        const { client_secret: secret, outcome } = request.body;
        return ok(await approvePayment(ctx, requireCaller(request), secret, outcome));
      },
    );
  },
);
