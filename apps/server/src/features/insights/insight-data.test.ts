import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_METRICS } from '@partner-portal/shared/report-data';
import type { Database } from '../../db/client';
import { generateReportRows } from '../../db/seed/report-generator';
import { createAccount, createReportRows, createUser, uniqueEmail } from '../../../test/factories';
import { createTestDatabase } from '../../../test/test-database';
import { formatDayAt } from './engine/series';
import { HISTORY_DAYS, loadInsightData, segmentKey } from './insight-data';
import { describeAccountInsights } from './insights-cli';
import {
  buildInsightData,
  GLOBEX_DROP,
  TEST_ADVERTISERS,
} from '../../../test/insights/insights-test-data';

/**
 * The engine's input, read with GROUPING SETS, against the same sums worked out row by row here,
 * and the admin command that prints a run.
 */
let database: Database;
let accountId = '';
let ownerEmail = '';
const AS_OF = '2026-06-30';
const rows = generateReportRows({
  advertisers: TEST_ADVERTISERS,
  days: 130,
  until: new Date(`${AS_OF}T12:00:00Z`),
  seed: 99,
  events: [GLOBEX_DROP],
});

beforeAll(async () => {
  database = await createTestDatabase();
  const account = await createAccount(database.db, { plan: 'free_plus_ai', name: 'Data Test' });
  accountId = account.id;
  ownerEmail = uniqueEmail('owner');
  await createUser(database.db, { account, permission: 'owner', email: ownerEmail });
  await createReportRows(
    database.db,
    accountId,
    rows.map((row) => ({ ...row, revenue: Number(row.revenue), payout: Number(row.payout) })),
  );
});
afterAll(async () => {
  await database.close();
});

const cents = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) : value);
const DAYS = { leafDays: 14, dimensionDays: 63 };
/** Channel, country and device are read for the last 63 days only; earlier days are NaN. */
const RAW_FIRST_DAY = HISTORY_DAYS - DAYS.dimensionDays;

describe('loadInsightData', () => {
  it('sums every segment per day exactly as the rows add up, over the last sixteen weeks', async () => {
    const data = await loadInsightData(database.db, { partner_id: accountId }, AS_OF, DAYS);
    expect(data.start).toBe(formatDayAt(AS_OF, -(HISTORY_DAYS - 1)));
    expect(data.days).toBe(HISTORY_DAYS);
    expect(data.firstDataDay).toBe(0);
    const segments = new Map(data.segments.map((series) => [segmentKey(series.segment), series]));
    expect(data.segments[0]?.segment).toEqual({});
    // One series per advertiser, campaign (with its advertiser), channel, country and device seen.
    const seen = (pick: (row: (typeof rows)[number]) => string) =>
      new Set(rows.filter((row) => row.date >= data.start).map(pick)).size;
    expect(data.segments).toHaveLength(
      1 +
        seen((row) => row.advertiser) +
        seen((row) => `${row.advertiser}/${row.campaign}`) +
        seen((row) => row.channel) +
        seen((row) => row.country) +
        seen((row) => row.device),
    );
    for (const [segment, match] of [
      [{}, () => true],
      [{ advertiser: 'Globex Travel' }, (row) => row.advertiser === 'Globex Travel'],
      [
        { advertiser: 'Globex Travel', campaign: 'City Breaks' },
        (row) => row.advertiser === 'Globex Travel' && row.campaign === 'City Breaks',
      ],
      [{ device: 'mobile' }, (row) => row.device === 'mobile'],
    ] as const satisfies readonly [object, (row: (typeof rows)[number]) => boolean][]) {
      const series = segments.get(segmentKey(segment));
      expect(series, JSON.stringify(segment)).toBeDefined();
      for (const metric of REPORT_METRICS) {
        const raw = 'device' in segment;
        const expected = Array.from({ length: HISTORY_DAYS }, (_, day) =>
          raw && day < RAW_FIRST_DAY ? Number.NaN : 0,
        );
        for (const row of rows) {
          const day = Math.round((Date.parse(row.date) - Date.parse(data.start)) / 86_400_000);
          if (day < 0 || !match(row) || (raw && day < RAW_FIRST_DAY)) continue;
          expected[day] = (expected[day] ?? 0) + Number(row[metric]);
        }
        expect(series?.values[metric].map(cents)).toEqual(expected.map(cents));
      }
    }
  });

  it("keeps the finest rows of the last days, and an advertiser's scope to its own", async () => {
    const scope = { partner_id: accountId, advertiser_name: 'Acme Shoes' };
    const data = await loadInsightData(database.db, scope, AS_OF, DAYS);
    expect(data.leaves.every((leaf) => leaf.day >= HISTORY_DAYS - 14)).toBe(true);
    expect(data.leaves.every((leaf) => leaf.dims.advertiser === 'Acme Shoes')).toBe(true);
    const expectedLeaves = rows.filter(
      (row) => row.advertiser === 'Acme Shoes' && row.date > formatDayAt(AS_OF, -14),
    );
    const revenue = data.leaves.reduce((sum, leaf) => sum + cents(leaf.sums.revenue), 0);
    expect(revenue).toBe(expectedLeaves.reduce((sum, row) => sum + cents(Number(row.revenue)), 0));
    // The advertiser is the whole scope: no second series of the same rows under its name.
    expect(
      data.segments.some((series) => series.segment.advertiser && !series.segment.campaign),
    ).toBe(false);
    expect(JSON.stringify(data)).not.toContain('Globex');
  });

  it('matches the in-memory build the engine tests use, for the account and an advertiser', async () => {
    const order = <T extends { segment?: object; day?: number; dims?: object }>(list: T[]) =>
      [...list].sort((a, b) =>
        JSON.stringify([a.day, a.segment, a.dims]).localeCompare(
          JSON.stringify([b.day, b.segment, b.dims]),
        ),
      );
    const rounded = (data: InsightDataShape) =>
      JSON.parse(
        JSON.stringify(data, (_, value) => (typeof value === 'number' ? cents(value) : value)),
      );
    for (const advertiser of [undefined, 'Globex Travel']) {
      const scope = {
        partner_id: accountId,
        ...(advertiser ? { advertiser_name: advertiser } : {}),
      };
      const loaded = await loadInsightData(database.db, scope, AS_OF, DAYS);
      const built = buildInsightData(rows, AS_OF, {
        ...DAYS,
        ...(advertiser ? { advertiser } : {}),
      });
      expect(
        rounded({ ...loaded, segments: order(loaded.segments), leaves: order(loaded.leaves) }),
      ).toEqual(
        rounded({ ...built, segments: order(built.segments), leaves: order(built.leaves) }),
      );
    }
  });
});

type InsightDataShape = Awaited<ReturnType<typeof loadInsightData>>;

describe('npm run admin -- insights', () => {
  it("prints the owner's insights, the injected drop among them, as text or JSON", async () => {
    const lines = await describeAccountInsights(database.db, [ownerEmail, '--as-of', AS_OF]);
    expect(lines[0]).toMatch(
      /^Insights for Data Test as of 2026-06-30 \(data through 2026-06-30\): ok/,
    );
    expect(lines.some((line) => /Globex Travel.*-\d/.test(line))).toBe(true);
    const [json] = await describeAccountInsights(database.db, [
      ownerEmail,
      '--as-of',
      AS_OF,
      '--json',
    ]);
    const run = JSON.parse(json ?? '{}');
    expect(run).toMatchObject({ status: 'ok', asOf: AS_OF });
    expect(run.insights.length).toBe(lines.length - 1);
    const spanish = await describeAccountInsights(database.db, [
      ownerEmail,
      '--as-of',
      AS_OF,
      '--locale',
      'es',
    ]);
    expect(spanish.slice(1).join('\n')).toMatch(/frente a|respecto/);
    const advertiser = await describeAccountInsights(database.db, [
      ownerEmail,
      '--as-of',
      AS_OF,
      '--advertiser',
      'Acme Shoes',
    ]);
    expect(advertiser.join('\n')).not.toContain('Globex');
  });

  it('refuses bad arguments with its usage, and an unknown owner by name', async () => {
    await expect(describeAccountInsights(database.db, [])).rejects.toThrow(/Usage: insights/);
    await expect(
      describeAccountInsights(database.db, [ownerEmail, '--as-of', '2026-02-30']),
    ).rejects.toThrow(/Usage: insights/);
    await expect(
      describeAccountInsights(database.db, [ownerEmail, '--window', '99']),
    ).rejects.toThrow(/Usage: insights/);
    await expect(describeAccountInsights(database.db, ['nobody@example.test'])).rejects.toThrow(
      'nobody@example.test owns no account',
    );
  });
});
