import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { AuthStatusSchema, SessionResponseSchema } from '@partner-portal/shared/user';
import {
  EmailInputSchema,
  OtpInputSchema,
  ResetPasswordInputSchema,
  TokenInputSchema,
  SigninInputSchema,
  SigninResponseSchema,
  SwitchAccountInputSchema,
  type SigninResponse,
} from '@partner-portal/shared/identity';
import type { AppContext } from '../../lib/app-context';
import { withPasswordGuessLimit, type AccountLimits } from '../../lib/account-rate-limit';
import { AppError } from '../../lib/app-error';
import { requireActor, requireCurrentUser } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok, okSaying } from '../../lib/reply';
import { signInWithSocialToken } from '../social/social-signin.service';
import {
  resetPassword,
  sendMagicLink,
  sendPasswordResetLink,
  signInWithMagicLink,
} from './link-signin.service';
import { signInWithPassword, signOut, switchAccount } from './auth.service';
import { signInAsImpersonator } from './impersonation.service';
import { completeOtpChallenge } from './otp.service';
import type { IntentAppliers } from '../identity/sign-in-intent';
import { createAdditionalAccount } from '../account/additional-account.service';
import { joinInvitedAccount } from '../team/invite-acceptance.service';
import { requestMeta } from '../../lib/request-meta';
import { routesIn } from '../../lib/route-file';

/**
 * What a first factor may leave in an OTP challenge, and the feature that writes it once the code
 * is right (docs/security.md "Nothing is written before the second factor"). Composed here, in
 * the routes, so the auth services need not depend on the features that sign-in serves.
 */
const SIGN_IN_INTENTS: IntentAppliers = {
  create_account: createAdditionalAccount,
  accept_invite: joinInvitedAccount,
};

export const authRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limits: AccountLimits;
}> = routesIn(import.meta.url, async (app, { ctx, limits }) => {
  app.post(
    '/',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signin') },
      schema: { body: SigninInputSchema, response: { 200: dataEnvelope(SigninResponseSchema) } },
    },
    async (request, reply) => {
      const body = request.body;
      // Social sign-in posts the one-time token its callback handed the browser.
      if ('token' in body) {
        return ok(
          rememberSignedIn(
            reply,
            await signInWithSocialToken(ctx, body.token, requestMeta(request)),
          ),
        );
      }
      const response = await withPasswordGuessLimit(
        limits,
        { request, reply, email: body.email },
        () => signInWithPassword(ctx, body, requestMeta(request)),
        (error) => error instanceof AppError && error.status === 401,
      );
      return ok(rememberSignedIn(reply, response));
    },
  );

  app.get(
    '/',
    {
      config: { access: 'authenticated', openWhile2faDue: true },
      schema: { response: { 200: dataEnvelope(AuthStatusSchema) } },
    },
    async (request) => ok({ authenticated: true as const, ...requireCurrentUser(request) }),
  );

  app.delete(
    '/',
    { config: { access: 'authenticated', openWhile2faDue: true } },
    async (request) => {
      await signOut(ctx, requireActor(request), requestMeta(request));
      return ok(null);
    },
  );

  app.post(
    '/switch',
    {
      config: { access: 'authenticated', openWhile2faDue: true },
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

  const signinAnswer = { 200: dataEnvelope(SigninResponseSchema) };

  /** A completed sign-in marks this browser as the user's (lib/device-cookie.ts). */
  function rememberSignedIn<T extends SigninResponse>(reply: FastifyReply, response: T): T {
    if ('email' in response) limits.devices.remember(reply, response.email);
    return response;
  }

  app.post(
    '/magic',
    {
      config: { access: 'public', rateLimit: rateLimitFor('mail') },
      schema: { body: EmailInputSchema },
    },
    async (request) => {
      await sendMagicLink(ctx, request.body.email);
      return okSaying(request, null, 'message.magic_sent');
    },
  );

  // The SPA page posts the token; a GET of the mailed link (mail scanners) never consumes it.
  app.post(
    '/magic/verify',
    {
      config: { access: 'public', rateLimit: rateLimitFor('otp') },
      schema: { body: TokenInputSchema, response: signinAnswer },
    },
    async (request, reply) =>
      ok(
        rememberSignedIn(
          reply,
          await signInWithMagicLink(ctx, request.body.token, requestMeta(request)),
        ),
      ),
  );

  app.post(
    '/password/reset/request',
    {
      config: { access: 'public', rateLimit: rateLimitFor('mail') },
      schema: { body: EmailInputSchema },
    },
    async (request) => {
      await sendPasswordResetLink(ctx, request.body.email);
      return okSaying(request, null, 'message.reset_sent');
    },
  );

  app.post(
    '/password/reset',
    {
      config: { access: 'public', rateLimit: rateLimitFor('otp') },
      schema: { body: ResetPasswordInputSchema, response: signinAnswer },
    },
    async (request, reply) => {
      const response = await resetPassword(ctx, request.body, requestMeta(request));
      return okSaying(request, rememberSignedIn(reply, response), 'message.password_reset');
    },
  );

  app.post(
    '/otp',
    {
      config: { access: 'public', rateLimit: rateLimitFor('otp') },
      schema: { body: OtpInputSchema, response: { 200: dataEnvelope(SessionResponseSchema) } },
    },
    async (request, reply) =>
      ok(
        rememberSignedIn(
          reply,
          await completeOtpChallenge(ctx, request.body, requestMeta(request), SIGN_IN_INTENTS),
        ),
      ),
  );

  app.post(
    '/impersonate',
    {
      config: { access: 'public', rateLimit: rateLimitFor('otp') },
      schema: { body: TokenInputSchema, response: { 200: dataEnvelope(SessionResponseSchema) } },
    },
    async (request) =>
      ok(await signInAsImpersonator(ctx, request.body.token, requestMeta(request))),
  );
});
