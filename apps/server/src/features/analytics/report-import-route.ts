import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  ImportFileNameQuerySchema,
  REPORT_IMPORT_CONTENT_TYPE,
  REPORT_IMPORT_MAX_BYTES,
  REPORT_IMPORT_MAX_PROBLEMS,
  ReportImportSchema,
} from '@partner-portal/shared/report-import';
import { createAccountLimiter } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireCaller } from '../../lib/auth-guard';
import { translate } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { importReportFile, wordProblem } from './report-import.service';

const DEFAULT_FILE_NAME = 'report.csv';

/**
 * The report upload, all or nothing (docs/analytics.md), at `path` of the calling plugin: the
 * Import data screen's `/api/account/data/imports` and the API's `/api/reports/import`. The file
 * is the request body as text/csv, so a 10 MB upload is read once, with the browser's progress
 * events, and no multipart parser sits on the API for this one route.
 */
export function registerReportImport(app: FastifyInstance, ctx: AppContext, path: string): void {
  const importsPerAccount = createAccountLimiter(app, 'report_imports');
  // Only this plugin reads CSV; every other route still answers 415 to it. The body stays bytes:
  // decoding it here would turn a latin-1 file's bytes into U+FFFD before anyone could object.
  app.addContentTypeParser(
    REPORT_IMPORT_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: REPORT_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    path,
    {
      bodyLimit: REPORT_IMPORT_MAX_BYTES,
      config: { access: { permission: 'admin' }, scope: 'report.import' },
      schema: {
        querystring: ImportFileNameQuerySchema,
        body: z.instanceof(Uint8Array),
        response: { 201: dataEnvelope(ReportImportSchema.pick({ id: true, rows: true })) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { actor } = caller;
      await importsPerAccount.check(request, reply, actor.accountId);
      const fileName = request.query.name ?? DEFAULT_FILE_NAME;
      const result = await importReportFile(
        ctx.db,
        caller,
        { accountId: actor.accountId, fileName, at: ctx.now() },
        request.body,
      );
      const { locale } = request;
      if (!result.ok) {
        const [first] = result.problems;
        // A file that is not UTF-8 has one problem, and its fix is the whole message.
        const notUtf8 = first?.code === 'not_utf8';
        throw new AppError(
          'bad_request',
          notUtf8 ? 'error.import_not_utf8' : 'error.import_refused',
          {
            inputError: 'file',
            params: notUtf8 ? { line: first.line } : { count: result.problems.length },
            problems: {
              list: result.problems
                .slice(0, REPORT_IMPORT_MAX_PROBLEMS)
                .map((problem) => wordProblem(problem, locale)),
              count: result.problems.length,
            },
          },
        );
      }
      await importsPerAccount.record(request, actor.accountId);
      const message = translate(locale, 'message.import_done', {
        count: result.rows,
        file: fileName,
      });
      return reply.code(201).send(ok({ id: result.importId, rows: result.rows }, message));
    },
  );
}
