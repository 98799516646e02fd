import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { FeedbackInputSchema, SupportMailInputSchema } from '@partner-portal/shared/support';
import { createAccountLimiter } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { translate } from '../../lib/messages';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { localeFromAcceptLanguage } from '../../lib/request-locale';
import { saveFeedback } from './feedback.service';
import { prepareSupportMail, sendSupportMail } from './support-mail.service';

/** Spec §2 Help and the feedback widget; full paths, so the plugin is registered unprefixed. */
export const supportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Security checklist: mail-sending routes, 3 a minute per IP (route) and per user (this).
  const mailsPerUser = createAccountLimiter(app, 'support_mail');

  app.post(
    '/api/utility/mail',
    {
      config: { access: 'authenticated', rateLimit: rateLimitFor('mail') },
      schema: { body: SupportMailInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await mailsPerUser.check(request, reply, actor.userId);
      const mail = await prepareSupportMail(ctx, actor, request.body);
      await mailsPerUser.record(request, actor.userId);
      await sendSupportMail(ctx, actor, mail);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return ok(null, translate(locale, 'message.support_sent'));
    },
  );

  app.post(
    '/api/feedback',
    {
      config: { access: 'authenticated', rateLimit: rateLimitFor('feedback') },
      schema: {
        body: FeedbackInputSchema,
        response: { 201: dataEnvelope(z.object({ id: z.string() })) },
      },
    },
    async (request, reply) => {
      const saved = await saveFeedback(ctx, requireActor(request), request.body);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return reply.code(201).send(ok(saved, translate(locale, 'message.feedback_saved')));
    },
  );
};
