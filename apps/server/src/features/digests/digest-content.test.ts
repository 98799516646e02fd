import { DEFAULT_VOLUME_FLOORS } from '@partner-portal/shared/insight-rules';
import { describe, expect, it } from 'vitest';
import { kpis } from '../analytics/report-queries';
import { createAccount, createReportRows, createUser } from '../../../test/factories';
import { createTestDatabase } from '../../../test/test-database';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../db/client';
import { buildDigest, type DigestRecipient } from './digest-content.service';
import type { DigestPeriod } from './digest-periods';
import { renderDigest } from './digest-render';
import { loadTestReport } from '../../../test/insights/insights-test-data';

/** docs/product.md#report-digests: a digest's figures, read as its recipient. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const WEEK: DigestPeriod = {
  key: 'weekly:2026-11-16',
  from: '2026-11-16',
  to: '2026-11-22',
  sendAt: new Date('2026-11-23T07:00:00Z'),
};
const options = {
  frequency: 'weekly' as const,
  withCsv: true,
  dashboardUrl: 'http://localhost:8080/dashboard/core',
  unsubscribeUrl: 'http://localhost:8080/unsubscribe?token=t',
  insightFloors: DEFAULT_VOLUME_FLOORS,
};

/** An account with two advertisers' rows in the week and the week before. */
async function accountWithRows(plan: 'free_core' | 'free_plus' = 'free_core') {
  const account = await createAccount(db(), { name: 'Northwind Media', plan });
  await createReportRows(db(), account.id, [
    {
      date: '2026-11-16',
      advertiser: 'Acme Shoes',
      campaign: 'Winter boots',
      revenue: 500,
      payout: 300,
      clicks: 40,
    },
    {
      date: '2026-11-20',
      advertiser: 'Acme Shoes',
      campaign: 'Socks',
      revenue: 100,
      payout: 60,
      clicks: 10,
    },
    {
      date: '2026-11-21',
      advertiser: 'Globex',
      campaign: 'Globex launch',
      revenue: 900,
      payout: 700,
      clicks: 90,
    },
    // The week before, for the change; and a day after, which no digest of this week counts.
    {
      date: '2026-11-10',
      advertiser: 'Acme Shoes',
      campaign: 'Winter boots',
      revenue: 400,
      payout: 200,
      clicks: 30,
    },
    {
      date: '2026-11-23',
      advertiser: 'Globex',
      campaign: 'Globex launch',
      revenue: 5000,
      payout: 1,
    },
  ]);
  return account;
}

async function recipient(
  account: Awaited<ReturnType<typeof createAccount>>,
  options: Parameters<typeof createUser>[1] = {},
): Promise<DigestRecipient> {
  const created = await createUser(db(), { account, ...options });
  return { user: created.user, membership: created.membership, account };
}

describe('a digest’s content', () => {
  it('holds the dashboard’s figures for the period and the one before, and the top advertisers', async () => {
    const account = await accountWithRows();
    const owner = await recipient(account, { permission: 'owner' });
    const built = await buildDigest(db(), owner, WEEK, options);
    expect(built?.content.kpis.current).toMatchObject({ revenue: 1500, payout: 1060, clicks: 140 });
    expect(built?.content.kpis.previous).toMatchObject({ revenue: 400, payout: 200 });
    // The same numbers the dashboard's tiles read for that range and viewer.
    expect(built?.content.kpis).toEqual(
      await kpis(db(), { partner_id: account.id }, { from: WEEK.from, to: WEEK.to }),
    );
    expect(built?.content.top).toEqual({
      dimension: 'advertiser',
      rows: [
        { key: 'Globex', revenue: 900, conversions: 5, clicks: 90 },
        { key: 'Acme Shoes', revenue: 600, conversions: 10, clicks: 50 },
      ],
    });
    expect(built?.content.plusHeadline).toBeNull();
    expect(built?.csv?.csv.split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it('shows an advertiser only its own rows and campaigns, and never names another advertiser', async () => {
    const account = await accountWithRows();
    const advertiser = await recipient(account, {
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
    });
    const built = await buildDigest(db(), advertiser, WEEK, options);
    expect(built?.content.kpis.current).toMatchObject({ revenue: 600, clicks: 50 });
    expect(built?.content.top.dimension).toBe('campaign');
    expect(built?.content.top.rows.map((row) => row.key)).toEqual(['Winter boots', 'Socks']);
    const mail = renderDigest(built!.content);
    for (const text of [mail.html, mail.text, mail.subject, built!.csv!.csv]) {
      expect(text).not.toContain('Globex');
    }
  });

  it('adds the margin for Plus, and is nothing at all for a period without data', async () => {
    const account = await accountWithRows('free_plus');
    const owner = await recipient(account, { permission: 'owner' });
    const built = await buildDigest(db(), owner, WEEK, { ...options, withCsv: false });
    expect(built?.content.plusHeadline).toEqual({ margin: 440, previousMargin: 200 });
    expect(built?.csv).toBeNull();
    const quiet: DigestPeriod = {
      ...WEEK,
      key: 'weekly:2026-10-05',
      from: '2026-10-05',
      to: '2026-10-11',
    };
    expect(await buildDigest(db(), owner, quiet, options)).toBeNull();
    // An advertiser without a name sees no rows, so gets no digest, rather than everyone's.
    const advertiser = await recipient(account, { permission: 'advertiser' });
    const nameless = {
      ...advertiser,
      membership: { ...advertiser.membership, advertiserName: null },
    };
    expect(await buildDigest(db(), nameless, WEEK, options)).toBeNull();
  });
});

describe('the Plus AI insights in a digest', () => {
  const until = new Date('2026-11-22T12:00:00Z');
  async function recipient(
    plan: 'free_plus' | 'free_plus_ai',
    member: { permission: 'owner' | 'advertiser'; advertiserName?: string } = {
      permission: 'owner',
    },
  ) {
    const account = await createAccount(db(), { name: 'Insightful Media', plan });
    await loadTestReport(db(), account.id, { until });
    const { user, membership } = await createUser(db(), { account, ...member });
    return { user, membership, account } satisfies DigestRecipient;
  }

  it('carries the top three of the period, the best good news beside the worst bad news', async () => {
    const built = await buildDigest(db(), await recipient('free_plus_ai'), WEEK, options);
    const insights = built?.content.insights ?? [];
    expect(insights.length).toBeGreaterThan(0);
    expect(insights.length).toBeLessThanOrEqual(3);
    // The injected drop (City Breaks, from 2026-11-18) is the worst news of the week.
    const bad = insights.find((insight) => insight.good === false);
    expect(bad?.sentence).toMatch(/City Breaks|Globex Travel/);
    if (insights.some((insight) => insight.good === true)) {
      expect(insights[0]?.good).toBe(true);
      expect(insights[1]?.good).toBe(false);
    }
    const mail = renderDigest(built!.content);
    expect(mail.text).toContain('What changed');
    expect(mail.text).toContain(bad!.sentence);
    expect(mail.html).toContain('What changed');
  });

  it('has none on a plan without insights, and names no other advertiser in an advertiser’s', async () => {
    const plus = await buildDigest(db(), await recipient('free_plus'), WEEK, options);
    expect(plus?.content.insights).toBeNull();
    expect(renderDigest(plus!.content).text).not.toContain('What changed');

    const advertiser = await buildDigest(
      db(),
      await recipient('free_plus_ai', { permission: 'advertiser', advertiserName: 'Acme Shoes' }),
      WEEK,
      options,
    );
    const text = JSON.stringify(advertiser?.content.insights);
    expect(text).not.toContain('Globex');
    expect(text).not.toContain('Initech');
  });
});
