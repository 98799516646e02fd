import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './raw-rows';
import { accounts, reportDaily, reportRows } from './schema/index';
import { createAccount, createReportRows } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const sums = (table: typeof reportRows | typeof reportDaily) => ({
  date: table.date,
  advertiser: table.advertiser,
  campaign: table.campaign,
  impressions: sql<number>`sum(${table.impressions})::float8`,
  clicks: sql<number>`sum(${table.clicks})::float8`,
  conversions: sql<number>`sum(${table.conversions})::float8`,
  revenue: sql<number>`sum(${table.revenue})::float8`,
  payout: sql<number>`sum(${table.payout})::float8`,
});

async function grouped(table: typeof reportRows | typeof reportDaily, accountId: string) {
  return database.db
    .select(sums(table))
    .from(table)
    .where(eq(table.accountId, accountId))
    .groupBy(table.date, table.advertiser, table.campaign)
    .orderBy(asc(table.date), asc(table.advertiser), asc(table.campaign));
}

describe('report_daily (trigger-kept roll-up)', () => {
  it('equals the raw rows grouped by day, advertiser and campaign, across separate inserts', async () => {
    const account = await createAccount(database.db);
    await createReportRows(database.db, account.id, [
      { date: '2026-03-01', advertiser: 'Acme', campaign: 'A', channel: 'search', revenue: 10.25 },
      { date: '2026-03-01', advertiser: 'Acme', campaign: 'A', channel: 'social', revenue: 4.5 },
      { date: '2026-03-02', advertiser: 'Globex', campaign: 'B', clicks: 7 },
    ]);
    // A second statement adding to a day that already has a total.
    await createReportRows(database.db, account.id, [
      { date: '2026-03-01', advertiser: 'Acme', campaign: 'A', impressions: 5, revenue: 0.25 },
    ]);
    const raw = await grouped(reportRows, account.id);
    expect(await grouped(reportDaily, account.id)).toEqual(raw);
    expect(raw[0]).toMatchObject({ revenue: 15, impressions: 2005 });
  });

  it('goes with its account', async () => {
    const account = await createAccount(database.db);
    await createReportRows(database.db, account.id, [{ date: '2026-03-01', advertiser: 'Acme' }]);
    await database.db.delete(accounts).where(eq(accounts.id, account.id));
    expect(await grouped(reportDaily, account.id)).toEqual([]);
  });

  it("answers an account's range from its covering index alone, never the table", async () => {
    const account = await createAccount(database.db);
    await createReportRows(database.db, account.id, [{ date: '2026-03-01', advertiser: 'Acme' }]);
    // Small tables are read whole; what is asked here is whether the index holds every column
    // the overview reads (KPIs, trend, the advertiser and campaign breakdowns). Vacuumed, as
    // autovacuum leaves an imported table, so the planner knows its pages need no visit.
    await database.db.execute(sql`vacuum report_daily`);
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explained = await rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select date, advertiser, campaign, impressions, clicks, conversions,
              revenue, payout
            from report_daily
            where account_id = ${account.id} and date between '2026-01-01' and '2026-12-31'`,
      );
      return explained.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan using report_daily_account_date_covering_idx');
  });
});
