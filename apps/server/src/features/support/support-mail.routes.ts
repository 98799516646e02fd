import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SupportMailInputSchema } from '@partner-portal/shared/support';
import { createAccountLimiter } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { okSaying } from '../../lib/reply';
import { prepareSupportMail, sendSupportMail } from './support-mail.service';
import { routesIn } from '../../lib/route-file';

/** /api/utility/mail: the Help screen's message to support (docs/product.md#screens). */
export const supportMailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    // docs/security.md#throttling: mail-sending routes, 3 a minute per IP (route) and per user (this).
    const mailsPerUser = createAccountLimiter(app, 'support_mail');

    app.post(
      '/',
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
        return okSaying(request, null, 'message.support_sent');
      },
    );
  },
);
