import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportDataVersions } from '../../db/schema/index';
import { AnswerCache } from '../../lib/answer-cache';
import { createAccount, createReportRows } from '../../../test/factories';
import { createTestDatabase } from '../../../test/test-database';
import { reportAnswers } from './report-answers';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function versionOf(accountId: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ version: reportDataVersions.version })
    .from(reportDataVersions)
    .where(eq(reportDataVersions.accountId, accountId));
  return row?.version;
}

const MARCH = { from: '2026-03-01', to: '2026-03-31' };

describe("an account's data version (migration 0027)", () => {
  it('moves once per inserting statement, for the accounts it inserted into only', async () => {
    const account = await createAccount(database.db);
    const other = await createAccount(database.db);
    expect(await versionOf(account.id)).toBeUndefined();
    await createReportRows(database.db, account.id, [
      { date: '2026-03-01', advertiser: 'Acme' },
      { date: '2026-03-02', advertiser: 'Globex' },
    ]);
    expect(await versionOf(account.id)).toBe(1);
    await createReportRows(database.db, account.id, [{ date: '2026-03-03', advertiser: 'Acme' }]);
    expect(await versionOf(account.id)).toBe(2);
    await createReportRows(database.db, other.id, [{ date: '2026-03-03', advertiser: 'Acme' }]);
    expect(await versionOf(account.id)).toBe(2);
    expect(await versionOf(other.id)).toBe(1);
  });
});

describe('dashboard answers cached per data version', () => {
  it('serve a repeated call from memory, and new rows the moment they are in', async () => {
    const cache = new AnswerCache();
    const answers = reportAnswers(database.db, cache);
    const account = await createAccount(database.db);
    const scope = { partner_id: account.id };
    await createReportRows(database.db, account.id, [
      { date: '2026-03-01', advertiser: 'Acme', revenue: 100 },
    ]);
    expect((await answers.kpis(scope, MARCH)).current.revenue).toBe(100);
    expect((await answers.kpis(scope, MARCH)).current.revenue).toBe(100);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });

    await createReportRows(database.db, account.id, [
      { date: '2026-03-02', advertiser: 'Acme', revenue: 50 },
    ]);
    expect((await answers.kpis(scope, MARCH)).current.revenue).toBe(150);
    expect(await answers.trend(scope, MARCH)).toHaveLength(2);
    expect(await answers.dataRange(scope)).toEqual({ from: '2026-03-01', to: '2026-03-02' });
  });

  it('never give one scope, range or page the answer of another', async () => {
    const answers = reportAnswers(database.db, new AnswerCache());
    const account = await createAccount(database.db);
    await createReportRows(database.db, account.id, [
      { date: '2026-03-01', advertiser: 'Acme', campaign: 'A', revenue: 100 },
      { date: '2026-03-01', advertiser: 'Globex', campaign: 'B', revenue: 40 },
      { date: '2026-04-01', advertiser: 'Globex', campaign: 'C', revenue: 7 },
    ]);
    const whole = { partner_id: account.id };
    const globex = { partner_id: account.id, advertiser_name: 'Globex' };
    expect((await answers.kpis(whole, MARCH)).current.revenue).toBe(140);
    expect((await answers.kpis(globex, MARCH)).current.revenue).toBe(40);
    expect(
      (await answers.kpis(whole, { from: '2026-03-01', to: '2026-04-30' })).current.revenue,
    ).toBe(147);
    const page = {
      ...MARCH,
      dimension: 'campaign',
      sort: 'revenue',
      dir: 'desc',
      page_size: 1,
    } as const;
    const first = await answers.breakdown(whole, { ...page, page: 1 });
    const second = await answers.breakdown(whole, { ...page, page: 2 });
    expect([first.rows[0]?.key, second.rows[0]?.key]).toEqual(['A', 'B']);
    expect(
      (await answers.breakdown(globex, { ...page, page: 1 })).rows.map((row) => row.key),
    ).toEqual(['B']);
    // The same query with its keys in another order is the same answer.
    expect(
      await answers.breakdown(whole, {
        page: 2,
        page_size: 1,
        dir: 'desc',
        sort: 'revenue',
        dimension: 'campaign',
        to: MARCH.to,
        from: MARCH.from,
      }),
    ).toEqual(second);
  });
});
