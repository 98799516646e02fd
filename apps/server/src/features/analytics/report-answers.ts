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

async function cached<T>(
  db: Db,
  cache: AnswerCache,
  scope: ReportScope,
  call: { name: string; query: object },
  compute: () => Promise<T>,
  sizeOf: (answer: T) => number,
): Promise<T> {
  const version = await dataVersion(db, scope.partner_id);
  // Keys sorted, so the same query always makes the same key whatever order it was parsed in.
  const query = JSON.stringify(call.query, Object.keys(call.query).sort());
  const key = [call.name, scope.partner_id, version, scope.advertiser_name ?? '', query].join('\n');
  return cache.answer(key, compute, sizeOf);
}

/**
 * The dashboard's data calls, answered from the cache while the account's data is unchanged
 * (docs/scaling.md "Answers cached per data version"): a repeated call costs one primary-key read
 * of the version instead of its sums. The scope is part of every key, so an advertiser's answer
 * is never another's.
 */
export function reportAnswers(db: Db, cache: AnswerCache) {
  return {
    kpis: (scope: ReportScope, query: ReportQuery): Promise<KpisResponse> =>
      cached(
        db,
        cache,
        scope,
        { name: 'kpis', query },
        () => kpis(db, scope, query),
        () => FIXED_BYTES,
      ),
    trend: (scope: ReportScope, query: ReportQuery): Promise<TrendResponse> =>
      cached(
        db,
        cache,
        scope,
        { name: 'trend', query },
        () => trend(db, scope, query),
        (days) => FIXED_BYTES + days.length * ROW_BYTES,
      ),
    breakdown: (scope: ReportScope, query: BreakdownQuery): Promise<BreakdownResponse> =>
      cached(
        db,
        cache,
        scope,
        { name: 'breakdown', query },
        () => breakdown(db, scope, query),
        (page) => FIXED_BYTES + page.rows.length * ROW_BYTES,
      ),
    dataRange: (scope: ReportScope): Promise<{ from: string; to: string } | null> =>
      cached(
        db,
        cache,
        scope,
        { name: 'range', query: {} },
        () => dataRange(db, scope),
        () => FIXED_BYTES,
      ),
  };
}
