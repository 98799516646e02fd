import { asc, eq, max } from 'drizzle-orm';
import { ADVERTISER_LIST_LIMIT, type AdvertiserList } from '@partner-portal/shared/team';
import type { Db } from '../../db/client';
import { reportDaily } from '../../db/schema/index';
import type { Actor } from '../../lib/auth-guard';

/**
 * The advertisers in the account's report data, by name, with their last day of data: what an
 * advertiser user can be tied to and see rows of. Read from the daily rollup (one row per day,
 * advertiser and campaign), so a year of a large account is thousands of rows, not millions.
 */
export async function listAdvertisers(db: Db, actor: Actor): Promise<AdvertiserList> {
  const rows = await db
    .select({ name: reportDaily.advertiser, lastDate: max(reportDaily.date) })
    .from(reportDaily)
    .where(eq(reportDaily.accountId, actor.accountId))
    .groupBy(reportDaily.advertiser)
    .orderBy(asc(reportDaily.advertiser))
    .limit(ADVERTISER_LIST_LIMIT);
  return {
    advertisers: rows.map((row) => ({ name: row.name, last_date: row.lastDate ?? '' })),
  };
}
