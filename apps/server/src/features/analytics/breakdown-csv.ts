import type { FastifyReply } from 'fastify';
import type { BreakdownQuery } from '@partner-portal/shared/report-data';
import type { AppContext } from '../../lib/app-context';
import { recordChange, type Caller } from '../../lib/audit';
import { toCsv } from '../../lib/csv';
import { breakdown, type ReportScope } from './report-queries';

/**
 * A breakdown as a CSV download: exactly what the table shows, over every page, in the caller's
 * scope (the embed's export and `GET /api/reports.csv`).
 */
export async function sendBreakdownCsv(
  ctx: AppContext,
  by: Caller,
  scope: ReportScope,
  query: BreakdownQuery,
  reply: FastifyReply,
) {
  const result = await breakdown(ctx.db, scope, query, { paginate: false });
  // Report rows leaving the service (docs/product.md#audit-log); the same export again within
  // the window counts into the same row.
  await recordChange(ctx.db, by, ctx.now(), {
    action: 'report.exported',
    targetType: 'report',
    targetId: query.dimension,
    changes: { from: query.from, to: query.to, rows: result.rows.length },
    repeatable: true,
  });
  const csv = toCsv(
    [query.dimension, 'impressions', 'clicks', 'conversions', 'revenue', 'payout'],
    result.rows.map((row) => [
      row.key,
      row.impressions,
      row.clicks,
      row.conversions,
      row.revenue.toFixed(2),
      row.payout.toFixed(2),
    ]),
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${query.dimension}-${query.from}-${query.to}.csv"`,
    )
    .send(csv);
}
