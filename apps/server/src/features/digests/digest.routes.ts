import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  DigestPreviewQuerySchema,
  DigestPreviewSchema,
  DigestUnsubscribeQuerySchema,
  DigestUnsubscribeSchema,
} from '@partner-portal/shared/digests';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok, okSaying } from '../../lib/reply';
import { previewDigest, unsubscribeFromDigest } from './digest-settings.service';
import { routesIn } from '../../lib/route-file';

/** Bodies a one-click unsubscribe may come with; the token is in the URL, so they are not read. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * `/api/digest` (docs/product.md#report-digests): the settings screen's preview, and the signed
 * unsubscribe link that works without signing in.
 */
export const digestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    // RFC 8058: a mail client's unsubscribe button POSTs `List-Unsubscribe=One-Click` as a form.
    // Parsed here only, and read as nothing: this plugin's routes take no form fields.
    app.addContentTypeParser(FORM_TYPES, { parseAs: 'string', bodyLimit: 4096 }, (_, __, done) =>
      done(null, {}),
    );

    app.get(
      '/preview',
      {
        config: { access: 'authenticated' },
        schema: {
          querystring: DigestPreviewQuerySchema,
          response: { 200: dataEnvelope(DigestPreviewSchema) },
        },
      },
      async (request) => ok(await previewDigest(ctx, requireActor(request).userId, request.query)),
    );

    app.post(
      '/unsubscribe',
      {
        // Signed by its token, and called from a mail client, which holds no XSRF cookie.
        config: { access: 'public', xsrf: false, rateLimit: rateLimitFor('unsubscribe') },
        schema: {
          querystring: DigestUnsubscribeQuerySchema,
          response: { 200: dataEnvelope(DigestUnsubscribeSchema) },
        },
      },
      async (request) => {
        await unsubscribeFromDigest(ctx, request.query.token);
        return okSaying(request, { unsubscribed: true as const }, 'message.digest_unsubscribed');
      },
    );
  },
);
