import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './raw-rows';
import { events, reportAdvertiserDaily, reportCampaignMonthly, reportDaily } from './schema/index';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const columnsOf = (table: Parameters<typeof getTableColumns>[0]) =>
  Object.values(getTableColumns(table)).map((column) => column.name);

/**
 * The hot reads that are index-only scans only while an index holds every column they read
 * (docs/scaling.md); Drizzle cannot say INCLUDE, so the migrations write these by hand and the
 * schema cannot catch a change. Read from the catalogue rather than from a plan: on a database
 * other test files share, concurrent transactions keep vacuum from marking pages all-visible,
 * and the planner then rightly prefers another path.
 */
const COVERING = [
  {
    index: 'report_daily_account_date_covering_idx',
    keys: ['account_id', 'date'],
    holds: columnsOf(reportDaily),
  },
  {
    index: 'report_advertiser_daily_pk',
    keys: ['account_id', 'date', 'advertiser'],
    holds: columnsOf(reportAdvertiserDaily),
  },
  {
    index: 'report_campaign_monthly_pk',
    keys: ['account_id', 'month', 'advertiser', 'campaign'],
    holds: columnsOf(reportCampaignMonthly),
  },
  {
    // The console's counts per name per day (console-events.service.ts).
    index: 'events_created_idx',
    keys: [events.createdAt.name],
    holds: [events.createdAt.name, events.name.name],
  },
];

describe('covering indexes', () => {
  it.each(COVERING)('$index is keyed as its queries read and holds their columns', async (c) => {
    const columns = await rowsOf<{ name: string; key: boolean }>(
      database.db,
      sql`select a.attname as name, k.position <= i.indnkeyatts as key
          from pg_index i
          cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indexrelid = ${c.index}::regclass
          order by k.position`,
    );
    expect(columns.filter((column) => column.key).map((column) => column.name)).toEqual(c.keys);
    expect(columns.map((column) => column.name).sort()).toEqual([...c.holds].sort());
  });
});
