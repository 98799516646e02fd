import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { BreakdownQuerySchema, BreakdownResponseSchema } from '@partner-portal/shared/report-data';
import type { AppContext } from '../../lib/app-context';
import { requireActor, requireCaller } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { sendBreakdownCsv } from './breakdown-csv';
import { registerReportImport } from './report-upload-handler';
import { reportAnswers } from './report-answers';
import { reportScopeOf } from './report-scope.service';
import { routesIn } from '../../lib/route-file';

/**
 * `/api/reports`: report data for integrations (docs/product.md#api-keys) — the dashboards'
 * breakdown as paged JSON (`report.read`) and as CSV (`report.export`, `/api/reports.csv`), and
 * the all-or-nothing upload (`report.import`, `/api/reports/import`).
 */
export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const answers = reportAnswers(ctx.db, ctx.answerCache);
    app.get(
      '/',
      {
        config: { access: { permission: 'user' }, scope: 'report.read' },
        schema: {
          querystring: BreakdownQuerySchema,
          response: { 200: dataEnvelope(BreakdownResponseSchema) },
        },
      },
      async (request) => {
        const scope = await reportScopeOf(ctx.db, requireActor(request));
        return ok(await answers.breakdown(scope, request.query));
      },
    );

    app.get(
      '.csv',
      {
        config: { access: { permission: 'user' }, scope: 'report.export' },
        schema: { querystring: BreakdownQuerySchema },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const scope = await reportScopeOf(ctx.db, caller.actor);
        return sendBreakdownCsv(ctx, caller, scope, request.query, reply);
      },
    );

    // The import needs admin, so its scope does too (SCOPE_PERMISSION).
    registerReportImport(app, ctx, '/import');
  },
);
