/**
 * Where a viewer's report data starts and where the account's ends, in one statement: the
 * insights engine runs up to the account's last day with rows, whoever is looking.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { ReportScope } from '../analytics/report-queries';

export interface InsightSpan {
  /** The viewer's first day with rows. */
  from: string;
  /** The account's last day with rows: an advertiser whose rows stop before it has a real gap. */
  accountTo: string;
}

export async function insightSpan(db: Db, scope: ReportScope): Promise<InsightSpan | null> {
  const own =
    scope.advertiser_name === undefined ? sql`true` : sql`advertiser = ${scope.advertiser_name}`;
  const [row] = await rowsOf<{ from: string | null; account_to: string | null }>(
    db,
    sql`select (min(date) filter (where ${own}))::text as "from", max(date)::text as account_to
        from report_daily where account_id = ${scope.partner_id}`,
  );
  return row?.from && row.account_to ? { from: row.from, accountTo: row.account_to } : null;
}
