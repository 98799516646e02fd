import { eq } from 'drizzle-orm';
import type {
  BreakdownQuery,
  BreakdownResponse,
  KpisResponse,
  ReportQuery,
  TrendResponse,
} from '@partner-portal/shared/report-data';
import type { Db } from '../../db/client';
import { reportDataVersions } from '../../db/schema/index';
import type { AnswerCache } from '../../lib/answer-cache';
import { breakdown, dataRange, kpis, trend, type ReportScope } from './report-queries';

// A day or a breakdown row as kept in memory: a key and five numbers, on the high side.
const ROW_BYTES = 200;
const FIXED_BYTES = 400;

/** The account's data version: moved by every insert into its report rows (migration 0027). */
async function dataVersion(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ version: reportDataVersions.version })
    .from(reportDataVersions)
    .where(eq(reportDataVersions.accountId, accountId));
  return row?.version ?? 0;
}

/**
 * The dashboard's data calls, answered from the cache while the account's data is unchanged
 * (docs/scaling.md "Answers cached per data version"): a repeated call costs one primary-key read
 * of the version instead of its sums. The scope is part of every key, so an advertiser's answer
 * is never another's.
 */
export function reportAnswers(db: Db, cache: AnswerCache) {
  const through =
    <Q extends object, T>(
      name: string,
      compute: (db: Db, scope: ReportScope, query: Q) => Promise<T>,
      sizeOf: (answer: T) => number,
    ) =>
    async (scope: ReportScope, query: Q): Promise<T> => {
      const version = await dataVersion(db, scope.partner_id);
      // Keys sorted: the same query makes the same key whatever order it was parsed in.
      const asked = JSON.stringify(query, Object.keys(query).sort());
      const key = [name, scope.partner_id, version, scope.advertiser_name ?? '', asked].join('\n');
      return cache.answer(key, () => compute(db, scope, query), sizeOf);
    };
  const range = through(
    'range',
    (db, scope) => dataRange(db, scope),
    () => FIXED_BYTES,
  );
  return {
    kpis: through<ReportQuery, KpisResponse>('kpis', kpis, () => FIXED_BYTES),
    trend: through<ReportQuery, TrendResponse>(
      'trend',
      trend,
      (days) => FIXED_BYTES + days.length * ROW_BYTES,
    ),
    breakdown: through<BreakdownQuery, BreakdownResponse>(
      'breakdown',
      (db, scope, query) => breakdown(db, scope, query),
      (page) => FIXED_BYTES + page.rows.length * ROW_BYTES,
    ),
    dataRange: (scope: ReportScope) => range(scope, {}),
  };
}
