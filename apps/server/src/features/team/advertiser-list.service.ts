import { asc, eq, max } from 'drizzle-orm';
import { ADVERTISER_LIST_LIMIT, type AdvertiserList } from '@partner-portal/shared/team';
import type { Db } from '../../db/client';
import { reportAdvertiserDaily } from '../../db/schema/index';
import type { Actor } from '../../lib/auth-guard';

/**
 * The advertisers in the account's report data, by name, with their last day of data: what an
 * advertiser user can be tied to and see rows of. Read from the advertiser roll-up (one row
 * per day and advertiser), so two years of a large account are thousands of rows, not millions.
 */
export async function listAdvertisers(db: Db, actor: Actor): Promise<AdvertiserList> {
  const rows = await db
    .select({ name: reportAdvertiserDaily.advertiser, lastDate: max(reportAdvertiserDaily.date) })
    .from(reportAdvertiserDaily)
    .where(eq(reportAdvertiserDaily.accountId, actor.accountId))
    .groupBy(reportAdvertiserDaily.advertiser)
    .orderBy(asc(reportAdvertiserDaily.advertiser))
    .limit(ADVERTISER_LIST_LIMIT);
  return {
    advertisers: rows.map((row) => ({ name: row.name, last_date: row.lastDate ?? '' })),
  };
}
