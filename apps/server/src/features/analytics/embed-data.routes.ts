import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  BreakdownQuerySchema,
  BreakdownResponseSchema,
  EmbedSessionInputSchema,
  EmbedSessionResponseSchema,
  KpisResponseSchema,
  ReportQuerySchema,
  TrendResponseSchema,
} from '@partner-portal/shared/report-data';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireCaller } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { findMintingSession, openEmbedSession } from './embed-session.service';
import { verifyEmbedSession, type EmbedScope } from './local-embed-token';
import { reportAnswers } from './report-answers';
import { sendBreakdownCsv } from './breakdown-csv';
import { routesIn } from '../../lib/route-file';

const EMBED_AUTH = /^Embed ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

declare module 'fastify' {
  interface FastifyRequest {
    embedScope: EmbedScope | null;
  }
}

function requireScope(request: FastifyRequest): EmbedScope {
  if (!request.embedScope) throw new AppError('unauthorized', 'error.embed_expired');
  return request.embedScope;
}

/**
 * The built-in workbook page's API (`/api/embed`). Only `POST /session` is open; every data call
 * carries `Authorization: Embed <session>` and is answered from that session's scope alone.
 */
export const embedDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const answers = reportAnswers(ctx.db, ctx.answerCache);
    app.decorateRequest('embedScope', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.access !== 'embed') return;
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? EMBED_AUTH.exec(header) : null;
      const scope = match?.[1]
        ? await verifyEmbedSession(ctx.config.sessionSecret, match[1], ctx.now())
        : null;
      // Every call re-checks the user session it was opened in, so it ends on every instance the
      // moment that session does.
      const actor = scope ? await findMintingSession(ctx, scope) : null;
      if (!scope || !actor) throw new AppError('unauthorized', 'error.embed_expired');
      request.embedScope = scope;
      // The user session's actor: the audit log names them for an export, and a support
      // session's calls from the embed are recorded like its others.
      request.actor = actor;
    });

    app.post(
      '/session',
      {
        // No XSRF check: the caller proves itself with the single-use URL token in the body, not
        // with a cookie a forged page could ride on, and the workbook page runs on its own site
        // (config.embedUrl), where the app's XSRF cookie is a third-party cookie.
        config: { access: 'public', xsrf: false, rateLimit: rateLimitFor('embed') },
        schema: {
          body: EmbedSessionInputSchema,
          response: { 200: dataEnvelope(EmbedSessionResponseSchema) },
        },
      },
      async (request) => ok(await openEmbedSession(ctx, request.body)),
    );

    app.get(
      '/kpis',
      {
        config: { access: 'embed' },
        schema: {
          querystring: ReportQuerySchema,
          response: { 200: dataEnvelope(KpisResponseSchema) },
        },
      },
      async (request) => ok(await answers.kpis(requireScope(request), request.query)),
    );

    app.get(
      '/trend',
      {
        config: { access: 'embed' },
        schema: {
          querystring: ReportQuerySchema,
          response: { 200: dataEnvelope(TrendResponseSchema) },
        },
      },
      async (request) => ok(await answers.trend(requireScope(request), request.query)),
    );

    app.get(
      '/breakdown',
      {
        config: { access: 'embed' },
        schema: {
          querystring: BreakdownQuerySchema,
          response: { 200: dataEnvelope(BreakdownResponseSchema) },
        },
      },
      async (request) => ok(await answers.breakdown(requireScope(request), request.query)),
    );

    // The export holds exactly what the table shows, over every page, in the session's scope.
    app.get(
      '/breakdown.csv',
      { config: { access: 'embed' }, schema: { querystring: BreakdownQuerySchema } },
      async (request, reply) =>
        sendBreakdownCsv(ctx, requireCaller(request), requireScope(request), request.query, reply),
    );
  },
);
