import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './raw-rows';
import { accounts } from './schema/index';
import { createAccount, createReportRows } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const SUMS = `sum(impressions)::float8 as impressions, sum(clicks)::float8 as clicks,
  sum(conversions)::float8 as conversions, sum(revenue)::float8 as revenue,
  sum(payout)::float8 as payout`;

/** One table's rows of an account, summed by `grain` (SQL column list), in a stable order. */
async function summed(from: string, grain: string, accountId: string) {
  return rowsOf<Record<string, unknown>>(
    database.db,
    sql.raw(`select ${grain}, ${SUMS} from ${from} where account_id = '${accountId}'
             group by ${grain} order by ${grain}`),
  );
}

/** Each roll-up's grain, and the raw rows with its columns where they lack one. */
const ROLL_UPS = [
  { table: 'report_daily', grain: 'date::text, advertiser, campaign' },
  { table: 'report_advertiser_daily', grain: 'date::text, advertiser' },
  {
    table: 'report_campaign_monthly',
    grain: 'month::text, advertiser, campaign',
    raw: "(select *, date_trunc('month', date)::date as month from report_rows) as raw",
  },
];

describe('the report roll-ups (kept by the trigger on report_rows)', () => {
  it.each(ROLL_UPS)(
    '$table equals the raw rows summed by its grain, across separate inserts',
    async ({ table, grain, raw = 'report_rows' }) => {
      const account = await createAccount(database.db);
      await createReportRows(database.db, account.id, [
        {
          date: '2026-03-01',
          advertiser: 'Acme',
          campaign: 'A',
          channel: 'search',
          revenue: 10.25,
        },
        { date: '2026-03-01', advertiser: 'Acme', campaign: 'A', channel: 'social', revenue: 4.5 },
        { date: '2026-03-01', advertiser: 'Acme', campaign: 'B', country: 'MX', device: 'mobile' },
        { date: '2026-03-02', advertiser: 'Globex', campaign: 'B', clicks: 7 },
        { date: '2026-04-02', advertiser: 'Globex', campaign: 'B', clicks: 2 },
      ]);
      // A second statement adding to cells that already have a total.
      await createReportRows(database.db, account.id, [
        { date: '2026-03-01', advertiser: 'Acme', campaign: 'A', impressions: 5, revenue: 0.25 },
        { date: '2026-03-01', advertiser: 'Acme', campaign: 'B', device: 'mobile', clicks: 3 },
      ]);
      const expected = await summed(raw, grain, account.id);
      expect(expected.length).toBeGreaterThan(1);
      expect(await summed(table, grain, account.id)).toEqual(expected);
    },
  );

  it('go with their account', async () => {
    const account = await createAccount(database.db);
    await createReportRows(database.db, account.id, [{ date: '2026-03-01', advertiser: 'Acme' }]);
    await database.db.delete(accounts).where(eq(accounts.id, account.id));
    for (const { table, grain } of ROLL_UPS) {
      expect(await summed(table, grain, account.id)).toEqual([]);
    }
  });
});
