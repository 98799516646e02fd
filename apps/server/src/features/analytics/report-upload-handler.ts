import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  CreateImportJobSchema,
  ImportFileNameQuerySchema,
  ImportJobSchema,
  REPORT_IMPORT_CONTENT_TYPE,
  ReportImportSchema,
} from '@partner-portal/shared/report-import';
import { createAccountLimiter } from '../../lib/account-rate-limit';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/audit';
import { requireCaller } from '../../lib/auth-guard';
import { translate } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { FileTooLargeError } from './report-file-stream';
import {
  cancelImportJob,
  createImportJob,
  runImportJob,
  type ImportEnd,
} from './report-import-job.service';
import { findImportJob } from './report-import-job-view';
import { wordProblem } from './report-import.service';

const DEFAULT_FILE_NAME = 'report.csv';

const JobParamsSchema = z.strictObject({ id: z.uuid() });
const ImportedSchema = ReportImportSchema.pick({ id: true, rows: true });
/** The 202 of a large file: checked, being written; `statusUrl` follows it. */
const AcceptedSchema = z.object({
  jobId: z.string(),
  rows: z.number().int(),
  statusUrl: z.string(),
});

/** A limit as people read sizes: 256 MB, 195 kB. */
const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.round(bytes / 1024)} kB`;

/** The body's declared size, when the client declared one. */
function declaredSize(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * The report upload, all or nothing (docs/analytics.md#importing-report-data), at `path` of the
 * calling plugin: the Import data screen's `/api/account/data/imports` and the API's
 * `/api/reports/import`. The file is the request body as text/csv, streamed: it is checked and
 * staged as it arrives and never held whole (report-import-job.service.ts). Beside the one-shot
 * POST, `…/jobs` lets the screen start an upload, send its file, follow it and cancel it.
 */
export function registerReportImport(app: FastifyInstance, ctx: AppContext, path: string): void {
  const importsPerAccount = createAccountLimiter(app, 'report_imports');
  const base = `${app.prefix}${path === '/' ? '' : path}`;
  const jobsPath = `${path === '/' ? '' : path}/jobs`;
  const statusUrl = (jobId: string) => `${base}/jobs/${jobId}`;
  /** The caller's account's job, as the API shows it in the caller's language; else a 404. */
  const jobOf = async (request: FastifyRequest, jobId: string) => {
    const { accountId } = requireCaller(request).actor;
    const job = await findImportJob(ctx, accountId, jobId, request.locale, statusUrl);
    if (!job) throw new AppError('not_found', 'error.import_job_not_found');
    return job;
  };
  const { importMaxBytes, importAsyncBytes } = ctx.config;
  // Only this plugin reads CSV; every other route still answers 415 to it. The body is handed
  // over as the request's own stream: it is read as it arrives, a batch at a time.
  app.addContentTypeParser(REPORT_IMPORT_CONTENT_TYPE, (_request, payload, done) => {
    done(null, payload);
  });

  /** 413 before a byte is read, when the declared size is over the limit. */
  const refuseTooLarge = (reply: FastifyReply, size: number | null) => {
    if (size === null || size <= importMaxBytes) return;
    // The rest of the body is not read: close the connection after the answer.
    void reply.header('connection', 'close');
    throw new AppError('payload_too_large', 'error.import_too_large', {
      inputError: 'file',
      params: { limit: megabytes(importMaxBytes) },
    });
  };

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    end: ImportEnd,
    fileName: string,
  ) => {
    const { locale } = request;
    if (end.outcome === 'cancelled') {
      throw new AppError('conflict', 'error.import_cancelled', { inputError: 'file' });
    }
    if (end.outcome === 'refused') {
      const [first] = end.problems;
      // A file that is not UTF-8 has one problem, and its fix is the whole message.
      const notUtf8 = first?.code === 'not_utf8' && end.problemCount === 1;
      throw new AppError(
        'bad_request',
        notUtf8 ? 'error.import_not_utf8' : 'error.import_refused',
        {
          inputError: 'file',
          params: notUtf8 ? { line: first.line } : { count: end.problemCount },
          problems: {
            list: end.problems.map((problem) => wordProblem(problem, locale)),
            count: end.problemCount,
          },
        },
      );
    }
    if (end.outcome === 'accepted') {
      const message = translate(locale, 'message.import_accepted', {
        count: end.rows,
        file: fileName,
      });
      const url = statusUrl(end.jobId);
      void reply.header('location', url);
      return reply
        .code(202)
        .send(ok({ jobId: end.jobId, rows: end.rows, statusUrl: url }, message));
    }
    const message = translate(locale, 'message.import_done', { count: end.rows, file: fileName });
    return reply.code(201).send(ok({ id: end.importId, rows: end.rows }, message));
  };

  /** Streams the body into job `jobId` and answers as the import ended. */
  const receive = async (
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    job: { id: string; accountId: string; fileName: string },
    background: boolean,
  ) => {
    let end: ImportEnd;
    try {
      end = await runImportJob(ctx, caller, job, request.body as Readable, {
        maxBytes: importMaxBytes,
        background,
      });
    } catch (error) {
      if (!(error instanceof FileTooLargeError)) throw error;
      void reply.header('connection', 'close');
      throw new AppError('payload_too_large', 'error.import_too_large', {
        inputError: 'file',
        params: { limit: megabytes(importMaxBytes) },
      });
    }
    // A body left unread (a wrong header stops the reading): no keep-alive after the answer.
    if (!request.raw.readableEnded) void reply.header('connection', 'close');
    if (end.outcome === 'done' || end.outcome === 'accepted') {
      await importsPerAccount.record(request, caller.actor.accountId);
    }
    return answer(request, reply, end, job.fileName);
  };

  const access = { access: { permission: 'admin' }, scope: 'report.import' } as const;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    path,
    {
      config: access,
      schema: {
        querystring: ImportFileNameQuerySchema,
        body: z.instanceof(Readable),
        response: { 201: dataEnvelope(ImportedSchema), 202: dataEnvelope(AcceptedSchema) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { accountId, userId } = caller.actor;
      const size = declaredSize(request);
      refuseTooLarge(reply, size);
      await importsPerAccount.check(request, reply, accountId);
      const fileName = request.query.name ?? DEFAULT_FILE_NAME;
      const jobId = await createImportJob(
        ctx.db,
        { accountId, userId, fileName, bytesTotal: size },
        ctx.now(),
      );
      const background = size !== null && size > importAsyncBytes;
      return receive(request, reply, caller, { id: jobId, accountId, fileName }, background);
    },
  );

  typed.post(
    jobsPath,
    {
      config: access,
      schema: { body: CreateImportJobSchema, response: { 201: dataEnvelope(ImportJobSchema) } },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { accountId, userId } = caller.actor;
      const { name, size } = request.body;
      if (size > importMaxBytes) {
        throw new AppError('payload_too_large', 'error.import_too_large', {
          inputError: 'size',
          params: { limit: megabytes(importMaxBytes) },
        });
      }
      await importsPerAccount.check(request, reply, accountId);
      const jobId = await createImportJob(
        ctx.db,
        { accountId, userId, fileName: name, bytesTotal: size },
        ctx.now(),
      );
      return reply.code(201).send(ok(await jobOf(request, jobId)));
    },
  );

  typed.put(
    `${jobsPath}/:id/file`,
    {
      config: access,
      schema: {
        params: JobParamsSchema,
        body: z.instanceof(Readable),
        response: { 201: dataEnvelope(ImportedSchema) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { accountId } = caller.actor;
      refuseTooLarge(reply, declaredSize(request));
      const job = await jobOf(request, request.params.id);
      if (job.status !== 'waiting') {
        void reply.header('connection', 'close');
        throw new AppError('conflict', 'error.import_job_not_waiting');
      }
      return receive(
        request,
        reply,
        caller,
        { id: job.id, accountId, fileName: job.fileName },
        false,
      );
    },
  );

  typed.get(
    `${jobsPath}/:id`,
    {
      config: access,
      schema: { params: JobParamsSchema, response: { 200: dataEnvelope(ImportJobSchema) } },
    },
    async (request) => ok(await jobOf(request, request.params.id)),
  );

  typed.delete(
    `${jobsPath}/:id`,
    {
      config: access,
      schema: { params: JobParamsSchema, response: { 200: dataEnvelope(ImportJobSchema) } },
    },
    async (request) => {
      const job = await jobOf(request, request.params.id);
      const cancelled = await cancelImportJob(ctx.db, job.id, ctx.now());
      const now = await jobOf(request, job.id);
      if (cancelled) return ok(now, translate(request.locale, 'message.import_cancelled'));
      // Cancelling what already stopped is no error: the answer says how it ended.
      if (now.status !== 'writing' && now.status !== 'done') return ok(now);
      throw new AppError('conflict', 'error.import_job_writing');
    },
  );
}
