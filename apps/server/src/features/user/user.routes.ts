import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  ChangePasswordInputSchema,
  EmailRevertResponseSchema,
  BackupCodeResponseSchema,
  InvitedSignupInputSchema,
  SigninResponseSchema,
  TokenInputSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorToggleInputSchema,
  TwoFactorVerifyInputSchema,
} from '@partner-portal/shared/identity';
import { CurrentUserSchema } from '@partner-portal/shared/user';
import {
  PermissionsResponseSchema,
  RemoveUserResponseSchema,
  TeamUserSchema,
  UserPatchInputSchema,
} from '@partner-portal/shared/team';
import { withGuessLimit, type AccountLimits } from '../../lib/account-rate-limit';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/app-context';
import { requireActor, requireCurrentUser } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok, okSaying } from '../../lib/reply';
import { completeFirstFactor } from '../identity/session.service';
import { requestMeta } from '../../lib/request-meta';
import { signUpInvitedUser } from '../team/invited-signup.service';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from './two-factor.service';
import { changePassword } from './password-change.service';
import { updateProfile } from './profile.service';
import { revertEmailChange } from './email-revert.service';
import { updateMember } from '../team/member-update.service';
import { removeMember } from '../team/member-removal.service';
import { listPermissions } from '../team/permission-list.service';
import { CLOSE_USER, registerClose } from '../closing/close-route';
import { sendVerificationMail, verifyEmail } from './verification.service';
import { routesIn } from '../../lib/route-file';

export const userRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limits: AccountLimits;
}> = routesIn(import.meta.url, async (app, { ctx, limits }) => {
  registerClose(app, { ctx, limits }, CLOSE_USER);

  app.get(
    '/permissions',
    {
      config: { access: 'authenticated', openWhile2faDue: true },
      schema: { response: { 200: dataEnvelope(PermissionsResponseSchema) } },
    },
    async (request) => ok(listPermissions(requireActor(request))),
  );

  // An admin removes a member of this account, or withdraws an invite (any text: an id that
  // names neither is a 404, checked by the service).
  app.delete(
    '/:id',
    {
      config: { access: { permission: 'admin' }, scope: 'user.delete' },
      schema: {
        params: z.object({ id: z.string() }),
        response: { 200: dataEnvelope(RemoveUserResponseSchema) },
      },
    },
    async (request) =>
      ok(await removeMember(ctx, requireActor(request), request.params.id, requestMeta(request))),
  );
  app.get(
    '/',
    {
      config: { access: 'authenticated', openWhile2faDue: true },
      schema: { response: { 200: dataEnvelope(CurrentUserSchema) } },
    },
    async (request) => ok(requireCurrentUser(request)),
  );

  // docs/product.md#api-calls: without `id` the caller edits their own profile (answer: the current user); with
  // `id` an admin edits a member of this account (answer: that member's list row).
  app.patch(
    '/',
    {
      config: { access: 'authenticated', scope: 'user.update', openWhile2faDue: true },
      schema: {
        body: UserPatchInputSchema,
        response: { 200: dataEnvelope(z.union([CurrentUserSchema, TeamUserSchema])) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { id, ...fields } = request.body;
      const meta = requestMeta(request);
      if (id !== undefined) return ok(await updateMember(ctx, actor, { ...fields, id }, meta));
      // A key changes members only: its creator's e-mail and preferences are theirs to change.
      if (actor.keyId !== null) throw new AppError('forbidden', 'error.key_own_profile');
      // A wrong current password given to change the e-mail is a guess at it, as at sign-in.
      const { user, emailChange } = await withGuessLimit(
        limits.passwordGuesses,
        { request, reply, account: actor.userId },
        () => updateProfile(ctx, actor, fields, meta),
        (error) =>
          error instanceof AppError && error.messageKey === 'error.email_change_password_wrong',
      );
      if (emailChange === 'request' && user.pending_email) {
        return okSaying(request, user, 'message.email_change_pending', {
          email: user.pending_email,
          current: user.email,
        });
      }
      if (emailChange === 'cancel') {
        return okSaying(request, user, 'message.email_change_cancelled', { email: user.email });
      }
      return ok(user);
    },
  );

  // Wrong current passwords count as guesses at this user's password, like a wrong sign-in.
  app.put(
    '/password',
    {
      config: { access: 'authenticated', credentials: true, rateLimit: rateLimitFor('signin') },
      schema: { body: ChangePasswordInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await withGuessLimit(
        limits.passwordGuesses,
        { request, reply, account: actor.userId },
        () => changePassword(ctx, actor, request.body, requestMeta(request)),
        (error) => error instanceof AppError && error.messageKey === 'error.old_password_wrong',
      );
      return okSaying(request, null, 'message.password_saved');
    },
  );

  app.post(
    '/verify/request',
    { config: { access: 'authenticated', rateLimit: rateLimitFor('mail') } },
    async (request, reply) => {
      const { userId } = requireActor(request);
      await limits.verificationMail.check(request, reply, userId);
      await limits.verificationMail.record(request, userId);
      await sendVerificationMail(ctx, userId);
      return okSaying(request, null, 'message.verification_sent');
    },
  );

  // The link in the mail is the credential, so this works signed out too, and signs the user in.
  app.post(
    '/verify',
    {
      config: { access: 'public', rateLimit: rateLimitFor('otp') },
      schema: { body: TokenInputSchema, response: { 200: dataEnvelope(SigninResponseSchema) } },
    },
    async (request) => {
      const userId = await verifyEmail(ctx, request.body.token, requestMeta(request));
      return okSaying(
        request,
        await completeFirstFactor(ctx, userId, requestMeta(request), 'verify_email'),
        'message.email_verified',
      );
    },
  );

  // "This was not me": the link mailed to the old address when an e-mail change was asked for.
  app.post(
    '/email/revert',
    {
      config: { access: 'public', rateLimit: rateLimitFor('otp') },
      schema: {
        body: TokenInputSchema,
        response: { 200: dataEnvelope(EmailRevertResponseSchema) },
      },
    },
    async (request) => {
      const restored = await revertEmailChange(ctx, request.body.token, requestMeta(request));
      return okSaying(request, restored, 'message.email_restored', { email: restored.email });
    },
  );

  app.put(
    '/2fa',
    {
      config: {
        access: 'authenticated',
        credentials: true,
        openWhile2faDue: true,
        rateLimit: rateLimitFor('otp'),
      },
      schema: {
        body: TwoFactorToggleInputSchema,
        response: { 200: dataEnvelope(TwoFactorSetupResponseSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(
        request.body['2fa_enabled']
          ? await startTwoFactor(ctx, actor)
          : await disableTwoFactor(ctx, actor, request.body.code, requestMeta(request)),
      );
    },
  );

  app.post(
    '/2fa/verify',
    {
      config: {
        access: 'authenticated',
        credentials: true,
        openWhile2faDue: true,
        rateLimit: rateLimitFor('otp'),
      },
      schema: {
        body: TwoFactorVerifyInputSchema,
        response: { 200: dataEnvelope(BackupCodeResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await confirmTwoFactor(ctx, requireActor(request), request.body.code, requestMeta(request)),
      ),
  );

  app.post(
    '/',
    {
      config: { access: 'public', rateLimit: rateLimitFor('signup') },
      schema: {
        body: InvitedSignupInputSchema,
        response: { 201: dataEnvelope(SigninResponseSchema) },
      },
    },
    async (request, reply) => {
      const meta = { ...requestMeta(request), locale: request.headers['accept-language'] ?? 'en' };
      return reply.code(201).send(ok(await signUpInvitedUser(ctx, request.body, meta)));
    },
  );
});
