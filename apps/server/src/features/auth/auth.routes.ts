import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  AuthStatusSchema,
  SessionResponseSchema,
  SigninInputSchema,
  SigninResponseSchema,
  SwitchAccountInputSchema,
} from '@partner-portal/shared/identity';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireActor } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { getCurrentUser } from '../user/current-user.service';
import { signInWithPassword, signOut, switchAccount } from './auth.service';
import { requestMeta } from './request-meta';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signin') },
      schema: { body: SigninInputSchema, response: { 200: dataEnvelope(SigninResponseSchema) } },
    },
    async (request) => {
      const body = request.body;
      // Social sign-in posts a one-time token; it arrives with the social providers.
      if (!('email' in body)) throw new AppError('unauthorized', 'error.invalid_credentials');
      return ok(await signInWithPassword(ctx, body, requestMeta(request)));
    },
  );

  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: dataEnvelope(AuthStatusSchema) } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok({
        authenticated: true as const,
        ...(await getCurrentUser(ctx.db, actor.userId, actor.accountId)),
      });
    },
  );

  app.delete('/', { config: { access: 'authenticated' } }, async (request) => {
    await signOut(ctx, requireActor(request));
    return ok(null);
  });

  app.post(
    '/switch',
    {
      config: { access: 'authenticated' },
      schema: {
        body: SwitchAccountInputSchema,
        response: { 200: dataEnvelope(SessionResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await switchAccount(ctx, requireActor(request), request.body.account, requestMeta(request)),
      ),
  );
};
