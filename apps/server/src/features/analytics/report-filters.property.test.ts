import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  REPORT_DIMENSIONS,
  type ReportDimension,
  type ReportFilters,
} from '@partner-portal/shared/report-data';
import type { Database } from '../../db/client';
import { createAccount, createReportRows } from '../../../test/factories';
import { createTestDatabase } from '../../../test/test-database';
import { breakdown, kpis, trend, type ReportScope } from './report-queries';

/**
 * docs/analytics.md#open-in-dashboard as properties: for any scope and any filters, every data
 * call sums exactly the rows that match both, worked out here row by row.
 */
const VALUES: Record<ReportDimension, readonly string[]> = {
  advertiser: ['Acme', 'Globex', 'Initech'],
  campaign: ['Spring', 'Launch', 'Holiday'],
  channel: ['search', 'social', 'email'],
  country: ['US', 'MX', 'ES'],
  device: ['desktop', 'mobile'],
};
/**
 * Ranges that are a whole month, hold none, or one with days before and after it: a campaign
 * breakdown sums whole months from the monthly roll-up and the rest from the daily one.
 */
const RANGES = [
  { from: '2026-04-01', to: '2026-04-30' },
  { from: '2026-04-03', to: '2026-04-27' },
  { from: '2026-03-20', to: '2026-04-30' },
  { from: '2026-03-01', to: '2026-04-12' },
  { from: '2026-03-09', to: '2026-05-02' },
];

interface Row extends Record<ReportDimension, string> {
  date: string;
  revenue: number;
  clicks: number;
}

// A fixed pseudo-random spread: every value of every dimension appears, in uneven amounts.
const rows: Row[] = Array.from({ length: 240 }, (_, index) => {
  const pick = (dimension: ReportDimension, salt: number) => {
    const values = VALUES[dimension];
    return values[(index * salt + (index >> 3)) % values.length] ?? '';
  };
  return {
    // A third of the rows fall before the range, so the range is tested too.
    date:
      index % 3 === 0
        ? `2026-03-${String(2 + (index % 28)).padStart(2, '0')}`
        : `2026-04-${String(1 + (index % 28)).padStart(2, '0')}`,
    advertiser: pick('advertiser', 7),
    campaign: pick('campaign', 5),
    channel: pick('channel', 11),
    country: pick('country', 13),
    device: pick('device', 3),
    revenue: 1 + ((index * 37) % 101),
    clicks: 1 + ((index * 17) % 23),
  };
});

let database: Database;
let accountId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const account = await createAccount(database.db, { plan: 'free_plus', name: 'Filters' });
  accountId = account.id;
  await createReportRows(database.db, accountId, rows);
});
afterAll(async () => {
  await database.close();
});

const filtersArbitrary = fc.record(
  Object.fromEntries(
    REPORT_DIMENSIONS.map((dimension) => [dimension, fc.constantFrom(...VALUES[dimension])]),
  ) as Record<ReportDimension, fc.Arbitrary<string>>,
  { requiredKeys: [] },
);
const advertiserScope = fc.option(fc.constantFrom(...VALUES.advertiser), { nil: undefined });

function matching(
  scope: ReportScope,
  filters: ReportFilters,
  range: { from: string; to: string },
): Row[] {
  return rows.filter(
    (row) =>
      row.date >= range.from &&
      row.date <= range.to &&
      (scope.advertiser_name === undefined || row.advertiser === scope.advertiser_name) &&
      REPORT_DIMENSIONS.every((dimension) => {
        const value = filters[dimension];
        return value === undefined || row[dimension] === value;
      }),
  );
}

const sum = (list: readonly { revenue: number }[]) =>
  list.reduce((total, row) => total + row.revenue, 0);

describe('filtered report queries', () => {
  it('sum exactly the rows in the scope that match every filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        advertiserScope,
        filtersArbitrary,
        fc.constantFrom(...REPORT_DIMENSIONS),
        fc.constantFrom(...RANGES),
        async (advertiser, filters, dimension, range) => {
          const scope: ReportScope = { partner_id: accountId, advertiser_name: advertiser };
          const expected = matching(scope, filters, range);
          const query = { ...range, ...filters };
          const [tiles, days, table] = await Promise.all([
            kpis(database.db, scope, query),
            trend(database.db, scope, query),
            breakdown(database.db, scope, {
              ...query,
              dimension,
              sort: 'key',
              dir: 'asc',
              page: 1,
              page_size: 100,
            }),
          ]);
          expect(tiles.current.revenue).toBe(sum(expected));
          expect(tiles.current.clicks).toBe(expected.reduce((t, row) => t + row.clicks, 0));
          expect(sum(days)).toBe(sum(expected));
          expect(days.map((day) => day.date)).toEqual(
            [...new Set(expected.map((row) => row.date))].sort(),
          );
          expect(table.rows.map((row) => row.key)).toEqual(
            [...new Set(expected.map((row) => row[dimension]))].sort(),
          );
          expect(sum(table.rows)).toBe(sum(expected));
        },
      ),
      { numRuns: 250 },
    );
  });

  it.each(RANGES)(
    'break campaigns down over $from – $to: whole months and the days around them',
    async (range) => {
      for (const advertiser of [undefined, 'Acme']) {
        const scope: ReportScope = { partner_id: accountId, advertiser_name: advertiser };
        const table = await breakdown(database.db, scope, {
          ...range,
          dimension: 'campaign',
          sort: 'key',
          dir: 'asc',
          page: 1,
          page_size: 100,
        });
        const expected = matching(scope, {}, range);
        const campaigns = [...new Set(expected.map((row) => row.campaign))].sort();
        expect(table.rows.map((row) => [row.key, row.revenue])).toEqual(
          campaigns.map((campaign) => [
            campaign,
            sum(expected.filter((row) => row.campaign === campaign)),
          ]),
        );
      }
    },
  );
});
