import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuditExportSchema,
  AuditListResponseSchema,
  AuditQuerySchema,
  type AuditQuery,
} from '@partner-portal/shared/audit';
import type { AppContext } from '../../lib/app-context';
import { recordChange } from '../../lib/audit';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import { toCsv } from '../../lib/csv';
import { exportAudit, listAudit } from './audit-list.service';
import { routesIn } from '../../lib/route-file';

const CSV_HEADER = [
  'time',
  'account',
  'actor_type',
  'actor',
  'actor_label',
  'on_behalf_of',
  'action',
  'target_type',
  'target',
  'outcome',
  'ip',
  'user_agent',
  'request_id',
  'changes',
  'count',
  'last_at',
];

/**
 * `/api/audit` (docs/product.md#audit-log): the account's log for owners and admins (the
 * operator's, every account's), as JSON pages and as a CSV or JSON export, which is itself audited.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const config = { access: { permission: 'admin' as const }, scope: 'audit.read' as const };

    app.get(
      '/',
      {
        config,
        schema: {
          querystring: AuditQuerySchema,
          response: { 200: dataEnvelope(AuditListResponseSchema) },
        },
      },
      async (request) => ok(await listAudit(ctx.db, requireActor(request), request.query)),
    );

    /**
     * Reads the rows an export holds and records the export in the same breath: whoever moves the
     * log out of the product shows up in it.
     */
    async function auditedExport(
      request: FastifyRequest,
      query: AuditQuery,
      format: 'csv' | 'json',
    ) {
      const actor = requireActor(request);
      const { page: _page, page_size: _size, ...filters } = query;
      const rows = await exportAudit(ctx.db, actor, filters);
      await recordChange(ctx.db, { actor, meta: requestMeta(request) }, ctx.now(), {
        action: 'audit.exported',
        targetType: 'audit_log',
        targetId: null,
        changes: { filters, rows: rows.length, format },
      });
      // The log leaves the product: its heads, this export's row included, leave the database.
      await ctx.auditAnchors.anchor('export');
      return { filters, rows };
    }

    const attachment = (reply: FastifyReply, type: string, extension: string) => {
      const day = ctx.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', `${type}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="audit-${day}.${extension}"`);
    };

    app.get(
      '.csv',
      { config, schema: { querystring: AuditQuerySchema } },
      async (request, reply) => {
        const { rows } = await auditedExport(request, request.query, 'csv');
        const csv = toCsv(
          CSV_HEADER,
          rows.map((row) => [
            row.at,
            row.account_id ?? '',
            row.actor.type,
            row.actor.id ?? '',
            row.actor.label ?? '',
            row.on_behalf_of ?? '',
            row.action,
            row.target.type ?? '',
            row.target.id ?? '',
            row.outcome,
            row.ip ?? '',
            row.user_agent ?? '',
            row.request_id ?? '',
            row.changes ? JSON.stringify(row.changes) : '',
            row.count,
            row.last_at ?? '',
          ]),
        );
        return attachment(reply, 'text/csv', 'csv').send(csv);
      },
    );

    app.get(
      '.json',
      {
        config,
        schema: {
          querystring: AuditQuerySchema,
          response: { 200: dataEnvelope(AuditExportSchema) },
        },
      },
      async (request, reply) => {
        const { filters, rows } = await auditedExport(request, request.query, 'json');
        attachment(reply, 'application/json', 'json');
        return ok({ exported_at: ctx.now().toISOString(), filters, rows });
      },
    );
  },
);
