import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import { AuditListResponseSchema, AuditQuerySchema } from '@partner-portal/shared/audit';
import type { AppContext } from '../../lib/app-context';
import { recordChange } from '../../lib/audit';
import { requireActor } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import { toCsv } from '../../lib/csv';
import { exportAudit, listAudit } from './audit-list.service';

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
 * operator's, every account's), as JSON pages and as a CSV export, which is itself audited.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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

  app.get('.csv', { config, schema: { querystring: AuditQuerySchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const { page: _page, page_size: _size, ...filters } = request.query;
    const rows = await exportAudit(ctx.db, actor, filters);
    await recordChange(ctx.db, { actor, meta: requestMeta(request) }, ctx.now(), {
      action: 'audit.exported',
      targetType: 'audit_log',
      targetId: null,
      changes: { filters, rows: rows.length },
    });
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
    const day = ctx.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .send(csv);
  });
};
