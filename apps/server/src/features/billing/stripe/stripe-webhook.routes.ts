import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { WebhookReceiptSchema } from '@partner-portal/shared/billing';
import type { AppContext } from '../../../lib/app-context';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/reply';
import { receiveStripeEvent } from './stripe-webhook.service';
import { routesIn } from '../../../lib/route-file';

/**
 * /api/webhook: where payment providers call back. Stripe signs the exact bytes it sends, so
 * this scope keeps JSON bodies raw; there is no cookie and no XSRF token, only the signature.
 * Registered whatever the provider, so the authorization matrix holds it; without Stripe it
 * answers 404.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/stripe',
      {
        config: { access: 'public', xsrf: false },
        schema: { response: { 200: dataEnvelope(WebhookReceiptSchema) } },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new AppError('bad_request', 'error.webhook_signature');
        const signature = request.headers['stripe-signature'];
        return ok(
          await receiveStripeEvent(
            ctx,
            request.body,
            typeof signature === 'string' ? signature : undefined,
          ),
        );
      },
    );
  },
);
