import type { FastifyReply } from 'fastify';
import type { BreakdownQuery } from '@partner-portal/shared/report-data';
import type { Db } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { breakdown, type ReportScope } from './report-queries';

/**
 * A breakdown as a CSV download: exactly what the table shows, over every page, in the caller's
 * scope (the embed's export and `GET /api/reports.csv`).
 */
export async function sendBreakdownCsv(
  db: Db,
  scope: ReportScope,
  query: BreakdownQuery,
  reply: FastifyReply,
) {
  const result = await breakdown(db, scope, query, { paginate: false });
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
