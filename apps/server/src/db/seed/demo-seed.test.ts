import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database } from '../client';
import { accounts, accountUsers, reportRows, subscriptions, users } from '../schema/index';
import { createLocalProvider } from '../../features/billing/local-processor/local-provider';
import { overview } from '../../features/master/overview.service';
import { createTestDatabase } from '../../../test/test-database';
import { DEMO_PASSWORD } from './demo-password';
import { seedDemoData } from './demo-seed';
import { generateReportRows } from './report-generator';
import { verifyPassword } from '../../lib/password';

let database: Database;
const now = new Date('2026-11-23T09:30:00Z');
const log = Fastify({ logger: false }).log;
const billingKey = Buffer.alloc(32, 3);
const seedInput = { now, firstPlusWorkbookId: 'local-plus-advertisers', log, billingKey };

beforeAll(async () => {
  database = await createTestDatabase({ alone: true });
});
afterAll(async () => {
  await database.close();
});

describe('demo seed', () => {
  it('seeds exactly the demo accounts and people into an empty database, once', async () => {
    expect(await seedDemoData(database.db, seedInput)).toBe(true);
    expect(await seedDemoData(database.db, seedInput)).toBe(false);

    const people = await database.db
      .select({
        email: users.email,
        verified: users.verified,
        totp: users.totpEnabled,
        hash: users.passwordHash,
        account: accounts.name,
        plan: accounts.plan,
        permission: accountUsers.permission,
        advertiser: accountUsers.advertiserName,
        enablePlus: accountUsers.enablePlus,
        dashboards: accountUsers.plusDashboards,
      })
      .from(users)
      .innerJoin(accountUsers, eq(accountUsers.userId, users.id))
      .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
      .orderBy(asc(users.email));
    expect(people.map(({ hash: _hash, ...person }) => person)).toEqual([
      {
        email: 'admin@demo.test',
        verified: true,
        totp: false,
        account: 'Northwind Media',
        plan: 'free_plus',
        permission: 'admin',
        advertiser: null,
        enablePlus: false,
        dashboards: [],
      },
      {
        email: 'advertiser@demo.test',
        verified: true,
        totp: false,
        account: 'Northwind Media',
        plan: 'free_plus',
        permission: 'advertiser',
        advertiser: 'Acme Shoes',
        enablePlus: true,
        dashboards: ['local-plus-advertisers'],
      },
      {
        email: 'owner@demo.test',
        verified: true,
        totp: false,
        account: 'Northwind Media',
        plan: 'free_plus',
        permission: 'owner',
        advertiser: null,
        enablePlus: false,
        dashboards: [],
      },
      {
        email: 'solo@demo.test',
        verified: true,
        totp: false,
        account: 'Solo Partner',
        plan: 'free_core',
        permission: 'owner',
        advertiser: null,
        enablePlus: false,
        dashboards: [],
      },
    ]);
    expect(await verifyPassword(String(people[0]?.hash), DEMO_PASSWORD)).toBe(true);
  });

  it('gives Northwind a year of rows for six advertisers and Solo Partner three months for two, up to today', async () => {
    const spans = await database.db
      .select({
        account: accounts.name,
        first: sql<string>`min(${reportRows.date})::text`,
        last: sql<string>`max(${reportRows.date})::text`,
        advertisers: sql<
          string[]
        >`array_agg(distinct ${reportRows.advertiser} order by ${reportRows.advertiser})`,
      })
      .from(reportRows)
      .innerJoin(accounts, eq(accounts.id, reportRows.accountId))
      .groupBy(accounts.name)
      .orderBy(asc(accounts.name));
    expect(spans).toEqual([
      {
        account: 'Northwind Media',
        first: '2025-11-24',
        last: '2026-11-23',
        advertisers: [
          'Acme Shoes',
          'Globex Travel',
          'Initech Software',
          'Stark Electronics',
          'Umbrella Health',
          'Wayne Home',
        ],
      },
      {
        account: 'Solo Partner',
        first: '2026-08-26',
        last: '2026-11-23',
        advertisers: ['Bluebird Books', 'Cedar Coffee'],
      },
    ]);
  });
});

describe('demo billing', () => {
  it('has Northwind pay for Plus with a 4242 card: a live subscription and a year of paid invoices', async () => {
    const [northwind] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.name, 'Northwind Media'));
    expect(northwind).toMatchObject({ plan: 'free_plus', subscriptionStatus: 'active' });
    const provider = createLocalProvider({ db: database.db, key: billingKey, now: () => now });
    const customerId = northwind?.billingCustomerId ?? '';
    expect(await provider.getDefaultCard(customerId)).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    const { invoices } = await provider.listInvoices(customerId, { limit: 20 });
    expect(invoices).toHaveLength(12);
    expect(invoices.every((invoice) => invoice.status === 'paid' && invoice.total === 4900)).toBe(
      true,
    );
    const [row] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, northwind?.id ?? ''));
    const live = await provider.getSubscription(row?.providerSubscriptionId ?? '');
    expect(live).toMatchObject({ status: 'active', plan: 'free_plus', waitingPayment: null });
    // The current period has weeks left, so nothing renews the moment the demo starts.
    expect(live.periodEnd.getTime()).toBeGreaterThan(now.getTime() + 14 * 86_400_000);
    // The app's record starts with the first invoice: the console's MRR history is the year the
    // invoices tell, not a line that starts on the day the demo was seeded.
    const first = Math.min(...invoices.map((invoice) => Date.parse(invoice.date)));
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - first)).toBeLessThan(86_400_000);
    const history = await overview(database.db, now, 90);
    expect(history.series.mrr[0]?.value).toBe(4900);
    expect(history.series.mrr.at(-1)?.value).toBe(4900);
  });
});

describe('report generator', () => {
  const plan = [{ name: 'A', campaigns: ['One', 'Two'], scale: 1 }];

  it('is deterministic for a seed and differs across seeds', () => {
    const input = { advertisers: plan, days: 10, until: now, seed: 1 };
    expect(generateReportRows(input)).toEqual(generateReportRows(input));
    expect(generateReportRows({ ...input, seed: 2 })).not.toEqual(generateReportRows(input));
  });

  it('keeps every row consistent: clicks ≤ impressions, conversions ≤ clicks, payout < revenue', () => {
    const rows = generateReportRows({ advertisers: plan, days: 60, until: now, seed: 3 });
    expect(rows).toHaveLength(60 * 2 * 2);
    for (const row of rows) {
      expect(row.clicks).toBeLessThanOrEqual(row.impressions);
      expect(row.conversions).toBeLessThanOrEqual(row.clicks);
      expect(Number(row.payout)).toBeLessThanOrEqual(Number(row.revenue));
      expect(row.date <= '2026-11-23').toBe(true);
    }
  });
});
