import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
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

  it('keeps every column in its covering index, keyed on account and day', async () => {
    // The overview's queries are index-only scans only while the index holds every column
    // they read (docs/scaling.md). Read from the catalogue rather than from a plan: on a
    // database other test files share, concurrent transactions keep vacuum from marking pages
    // all-visible, and the planner then rightly prefers the narrower key.
    const columns = await rowsOf<{ name: string; key: boolean }>(
      database.db,
      sql`select a.attname as name, k.position <= i.indnkeyatts as key
          from pg_index i
          cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indexrelid = 'report_daily_account_date_covering_idx'::regclass
          order by k.position`,
    );
    expect(columns.filter((column) => column.key).map((column) => column.name)).toEqual([
      'account_id',
      'date',
    ]);
    const everyColumn = Object.values(getTableColumns(reportDaily)).map((column) => column.name);
    expect(columns.map((column) => column.name).sort()).toEqual(everyColumn.sort());
  });
});
