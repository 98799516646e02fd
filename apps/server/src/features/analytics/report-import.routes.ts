import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { ReportImportListSchema } from '@partner-portal/shared/report-import';
import type { AppContext } from '../../lib/app-context';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { registerReportImport } from './report-upload-handler';
import { listReportImports } from './report-import.service';
import { routesIn } from '../../lib/route-file';

/** `/api/account/data/imports`: the Import data screen's list and upload (docs/analytics.md). */
export const reportImportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    app.get(
      '/',
      {
        config: { access: { permission: 'admin' }, scope: 'report.import' },
        schema: { response: { 200: dataEnvelope(ReportImportListSchema) } },
      },
      async (request) => ok(await listReportImports(ctx.db, requireActor(request).accountId)),
    );

    registerReportImport(app, ctx, '/');
  },
);
