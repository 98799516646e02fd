import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, between, eq, sql } from 'drizzle-orm';
import { accounts, reportRows } from '../../db/schema/index';
import { createAccount, createReportRows, type CreateUserOptions } from '../../../test/factories';
import { bearer, randomIp, signedInUser, xsrfHeaders } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

let clock = new Date();
const env = useTestApp(() => ({ now: () => clock }));
beforeEach(() => {
  clock = new Date();
});

const signedIn = (options: CreateUserOptions) => signedInUser(env.app, env.database.db, options);

const listWorkbooks = (token: string) =>
  env.app.inject({ method: 'GET', url: '/api/sigma/workbook', headers: bearer(token) });

const embed = (token: string, workbookId: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/sigma/workbook/embed',
    headers: bearer(token),
    payload: { workbook_id: workbookId },
  });

function urlToken(url: string): string {
  return String(new URL(url).searchParams.get('token'));
}

// Without the XSRF pair: the workbook page runs on its own site, where the app's cookie is not.
const openSession = (workbookId: string, token: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/embed/session',
    remoteAddress: randomIp(),
    payload: { workbook_id: workbookId, token },
  });

/** Mints a URL for the user and opens the embed page's data session, as the iframe does. */
async function embedSession(userToken: string, workbookId: string): Promise<string> {
  const minted = await embed(userToken, workbookId);
  expect(minted.statusCode).toBe(200);
  const opened = await openSession(workbookId, urlToken(minted.json().data.url));
  expect(opened.statusCode).toBe(200);
  return opened.json().data.session as string;
}

const data = (session: string, path: string) =>
  env.app.inject({
    method: 'GET',
    url: `/api/embed/${path}`,
    headers: { authorization: `Embed ${session}` },
  });

const RANGE = 'from=2026-01-01&to=2026-01-31';

describe('GET /api/sigma/workbook (built-in provider)', () => {
  it('lists the core workbook and, with Plus, the Plus workbooks, core first', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_plus' });
    const { token } = await signedIn({ account, permission: 'owner' });
    const answer = await listWorkbooks(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      { name: 'Partner overview', workbookId: 'local-core-overview', kind: 'core' },
      { name: 'Advertiser performance', workbookId: 'local-plus-advertisers', kind: 'plus' },
      { name: 'Campaigns and channels', workbookId: 'local-plus-campaigns', kind: 'plus' },
      { name: 'Geography and devices', workbookId: 'local-plus-geography', kind: 'plus' },
    ]);
  });

  it('gives free_core only the core workbook', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_core' });
    const { token } = await signedIn({ account, permission: 'user' });
    expect((await listWorkbooks(token)).json().data.map((w: { kind: string }) => w.kind)).toEqual([
      'core',
    ]);
  });

  it('gives advertisers their own core workbook and only their plus_dashboards', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_plus' });
    const without = await signedIn({ account, permission: 'advertiser' });
    expect((await listWorkbooks(without.token)).json().data).toEqual([
      { name: 'Advertiser overview', workbookId: 'local-core-advertiser', kind: 'core_advertiser' },
    ]);
    const withPlus = await signedIn({
      account,
      permission: 'advertiser',
      enablePlus: true,
      plusDashboards: ['local-plus-campaigns'],
    });
    expect(
      (await listWorkbooks(withPlus.token))
        .json()
        .data.map((w: { workbookId: string }) => w.workbookId),
    ).toEqual(['local-core-advertiser', 'local-plus-campaigns']);
  });

  it('answers 401 without a session', async () => {
    expect((await env.app.inject({ method: 'GET', url: '/api/sigma/workbook' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/sigma/workbook/embed', () => {
  it('mints a URL on the workbook’s own site with a token that expires in an hour', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_plus' });
    const { token } = await signedIn({ account, permission: 'owner' });
    const answer = await embed(token, 'local-core-overview');
    expect(answer.statusCode).toBe(200);
    const { url, expires_at } = answer.json().data;
    // The app is http://localhost:8080; its other loopback name is another site (config.embedUrl).
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/embed\/workbook\/local-core-overview\?token=/,
    );
    expect(new URL(url).searchParams.get('theme')).toBe('light');
    expect(new URL(url).searchParams.get('lng')).toBe('en');
    expect(Date.parse(expires_at) - clock.getTime()).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(expires_at) - clock.getTime()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('refuses the other kind of core workbook, Plus without the entitlement, and unknown ids', async () => {
    const core = await createAccount(env.database.db, { plan: 'free_core' });
    const owner = await signedIn({ account: core, permission: 'owner' });
    const advertiser = await signedIn({ account: core, permission: 'advertiser' });
    expect((await embed(owner.token, 'local-core-advertiser')).statusCode).toBe(403);
    expect((await embed(advertiser.token, 'local-core-overview')).statusCode).toBe(403);
    // The plan is what is missing: 402 with the plan to upgrade to (docs/billing.md).
    const plus = await embed(owner.token, 'local-plus-geography');
    expect(plus.statusCode).toBe(402);
    expect(plus.json()).toMatchObject({ plan: 'free_plus' });
    // An advertiser without Plus access lacks it on any plan: 403.
    const paying = await createAccount(env.database.db, { plan: 'free_plus' });
    const noPlus = await signedIn({ account: paying, permission: 'advertiser' });
    const refused = await embed(noPlus.token, 'local-plus-geography');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'You do not have access to that workbook.',
      inputError: 'workbook_id',
    });
    const unknown = await embed(owner.token, 'no-such-workbook');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().inputError).toBe('workbook_id');
  });

  it('withholds Plus from an account whose payment is due, but not from master', async () => {
    const due = await createAccount(env.database.db, { plan: 'free_plus' });
    await env.database.db
      .update(accounts)
      .set({ subscriptionStatus: 'past_due' })
      .where(eq(accounts.id, due.id));
    const owner = await signedIn({ account: due, permission: 'owner' });
    const refused = await embed(owner.token, 'local-plus-geography');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ plan: 'free_plus' });
    const master = await signedIn({ account: due, permission: 'master' });
    expect((await embed(master.token, 'local-plus-geography')).statusCode).toBe(200);
  });
});

describe('opening workbooks from one address', () => {
  it('lets an office behind one address open dozens of dashboards a minute', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_plus' });
    const { token } = await signedIn({ account, permission: 'owner' });
    const office = randomIp();
    const statuses: number[] = [];
    for (let view = 0; view < 30; view += 1) {
      const url = (await embed(token, 'local-core-overview')).json().data.url as string;
      const opened = await env.app.inject({
        method: 'POST',
        url: '/api/embed/session',
        headers: xsrfHeaders,
        remoteAddress: office,
        payload: { workbook_id: 'local-core-overview', token: urlToken(url) },
      });
      statuses.push(opened.statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('embed sessions: single-use, expiring, bound to their workbook', () => {
  async function freshUrlToken(
    workbookId = 'local-core-overview',
    permission: 'owner' | 'admin' | 'user' = 'owner',
  ) {
    const account = await createAccount(env.database.db, { plan: 'free_plus' });
    const { token } = await signedIn({ account, permission });
    return { account, token: urlToken((await embed(token, workbookId)).json().data.url) };
  }

  it('opens once, then shows the URL as expired (as Sigma does for a reused jti)', async () => {
    const { account, token } = await freshUrlToken();
    const first = await openSession('local-core-overview', token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      workbook: { workbookId: 'local-core-overview', name: 'Partner overview' },
      partner_name: account.name,
      advertiser_name: null,
      data_range: null,
      can_import: true,
    });
    const again = await openSession('local-core-overview', token);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(
      'This dashboard link has expired. Reload the page to open it again.',
    );
  });

  it('tells the page whether the viewer may load report data: owners and admins, not members', async () => {
    for (const [permission, canImport] of [
      ['admin', true],
      ['user', false],
    ] as const) {
      const { token } = await freshUrlToken('local-core-overview', permission);
      const opened = await openSession('local-core-overview', token);
      expect(opened.json().data.can_import, permission).toBe(canImport);
    }
  });

  it('opens exactly once under 20 parallel loads', async () => {
    const { token } = await freshUrlToken();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => openSession('local-core-overview', token)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('refuses a token minted for another workbook, an expired one and a tampered one', async () => {
    const other = await freshUrlToken('local-plus-geography');
    expect((await openSession('local-core-overview', other.token)).statusCode).toBe(401);

    const late = await freshUrlToken();
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await openSession('local-core-overview', late.token)).statusCode).toBe(401);
    clock = new Date();

    const tampered = await freshUrlToken();
    const [header, payload, signature] = tampered.token.split('.');
    const forged = JSON.parse(Buffer.from(String(payload), 'base64url').toString());
    forged.user_attributes.partner_id = '00000000-0000-4000-8000-000000000000';
    const forgedToken = [
      header,
      Buffer.from(JSON.stringify(forged)).toString('base64url'),
      signature,
    ].join('.');
    expect((await openSession('local-core-overview', forgedToken)).statusCode).toBe(401);
  });

  it('refuses data calls without an embed session, with a user session, or with a forged one', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_plus' });
    const { token } = await signedIn({ account, permission: 'owner' });
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/embed/kpis?${RANGE}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await env.app.inject({
          method: 'GET',
          url: `/api/embed/kpis?${RANGE}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(401);
    expect((await data(`${token}`, `kpis?${RANGE}`)).statusCode).toBe(401);
    expect((await data('a.b.c', `kpis?${RANGE}`)).statusCode).toBe(401);
  });
});

describe('row-level isolation of the built-in provider', () => {
  let northwind: Awaited<ReturnType<typeof createAccount>>;
  let other: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    northwind = await createAccount(env.database.db, { plan: 'free_plus', name: 'Northwind' });
    other = await createAccount(env.database.db, { plan: 'free_plus', name: 'Elsewhere' });
    const days = ['2026-01-05', '2026-01-06', '2026-01-20'];
    await createReportRows(env.database.db, northwind.id, [
      ...days.map((date) => ({
        date,
        advertiser: 'Acme Shoes',
        campaign: 'Acme spring',
        revenue: 100,
      })),
      ...days.map((date) => ({
        date,
        advertiser: 'Globex',
        campaign: 'Globex launch',
        revenue: 40,
      })),
      { date: '2025-12-20', advertiser: 'Acme Shoes', campaign: 'Acme winter', revenue: 70 },
      { date: '2026-01-10', advertiser: '=HYPERLINK("evil")', campaign: 'Formula', revenue: 1 },
    ]);
    // Another account with an advertiser of the same name: never visible from Northwind.
    await createReportRows(env.database.db, other.id, [
      { date: '2026-01-05', advertiser: 'Acme Shoes', campaign: 'Other account', revenue: 9999 },
    ]);
  });

  async function sqlSum(accountId: string, advertiser?: string) {
    const [row] = await env.database.db
      .select({ revenue: sql<number>`coalesce(sum(${reportRows.revenue}), 0)::float8` })
      .from(reportRows)
      .where(
        and(
          eq(reportRows.accountId, accountId),
          advertiser ? eq(reportRows.advertiser, advertiser) : undefined,
          between(reportRows.date, '2026-01-01', '2026-01-31'),
        ),
      );
    return row?.revenue;
  }

  it('gives the owner the whole account and nothing of another account', async () => {
    const { token } = await signedIn({ account: northwind, permission: 'owner' });
    const session = await embedSession(token, 'local-core-overview');
    const kpis = (await data(session, `kpis?${RANGE}`)).json().data;
    expect(kpis.current.revenue).toBe(await sqlSum(northwind.id));
    expect(kpis.current.revenue).toBe(421);
    expect(kpis.previous.revenue).toBe(70);
    expect(kpis.previous_range).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    const advertisers = (await data(session, `breakdown?${RANGE}&dimension=advertiser`)).json()
      .data;
    expect(advertisers.rows.map((row: { key: string }) => row.key)).toEqual([
      'Acme Shoes',
      'Globex',
      '=HYPERLINK("evil")',
    ]);
    expect(advertisers.total).toBe(3);
  });

  it('gives an advertiser only their own rows, on every data call and the CSV export', async () => {
    const { token } = await signedIn({
      account: northwind,
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
    });
    const session = await embedSession(token, 'local-core-advertiser');
    const expected = await sqlSum(northwind.id, 'Acme Shoes');
    expect(expected).toBe(300);

    const kpis = (await data(session, `kpis?${RANGE}`)).json().data;
    expect(kpis.current.revenue).toBe(expected);
    const trend = (await data(session, `trend?${RANGE}`)).json().data;
    expect(trend.map((day: { revenue: number }) => day.revenue)).toEqual([100, 100, 100]);
    for (const dimension of ['advertiser', 'campaign', 'channel', 'country', 'device']) {
      const rows = (await data(session, `breakdown?${RANGE}&dimension=${dimension}`)).json().data
        .rows;
      expect(rows.reduce((sum: number, row: { revenue: number }) => sum + row.revenue, 0)).toBe(
        expected,
      );
    }
    const campaigns = (await data(session, `breakdown?${RANGE}&dimension=campaign`)).json().data;
    expect(campaigns.rows.map((row: { key: string }) => row.key)).toEqual(['Acme spring']);

    const csv = await data(session, `breakdown.csv?${RANGE}&dimension=advertiser`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(
      'advertiser,impressions,clicks,conversions,revenue,payout\r\nAcme Shoes,3000,150,15,300.00,240.00\r\n',
    );
  });

  it('ignores any scope a request tries to add in its query; a filter only narrows', async () => {
    const { token } = await signedIn({
      account: northwind,
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
    });
    const session = await embedSession(token, 'local-core-advertiser');
    const answer = await data(
      session,
      `kpis?${RANGE}&partner_id=${other.id}&advertiser_name=Globex`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.current.revenue).toBe(300);
    // Another advertiser's name as a filter: the scope still holds, so nothing is left.
    for (const path of ['kpis', 'trend', 'breakdown']) {
      const filtered = await data(session, `${path}?${RANGE}&dimension=campaign&advertiser=Globex`);
      expect(filtered.statusCode, path).toBe(200);
      expect(JSON.stringify(filtered.json().data), path).not.toContain('Globex launch');
    }
    const kpis = (await data(session, `kpis?${RANGE}&advertiser=Globex`)).json().data;
    expect(kpis.current.revenue).toBe(0);
  });

  it('exports every row of the table, formulas defused', async () => {
    const { token } = await signedIn({ account: northwind, permission: 'owner' });
    const session = await embedSession(token, 'local-plus-advertisers');
    const csv = (await data(session, `breakdown.csv?${RANGE}&dimension=advertiser&page_size=1`))
      .body;
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(`"'=HYPERLINK(""evil"")",1000,50,5,1.00,80.00`);
  });

  it('sorts and paginates breakdowns, the key breaking ties', async () => {
    const { token } = await signedIn({ account: northwind, permission: 'owner' });
    const session = await embedSession(token, 'local-plus-advertisers');
    const page = async (query: string) =>
      (await data(session, `breakdown?${RANGE}&dimension=advertiser&${query}`)).json().data;
    expect(
      (await page('sort=key&dir=asc&page_size=2')).rows.map((r: { key: string }) => r.key),
    ).toEqual(['=HYPERLINK("evil")', 'Acme Shoes']);
    const second = await page('sort=revenue&dir=asc&page=2&page_size=2');
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(second.rows.map((r: { key: string }) => r.key)).toEqual(['Acme Shoes']);
    expect(await page('page=9&page_size=2')).toMatchObject({ rows: [], total: 3 });
  });

  it('answers bad ranges and parameters with 400 and the field', async () => {
    const { token } = await signedIn({ account: northwind, permission: 'owner' });
    const session = await embedSession(token, 'local-core-overview');
    const cases: [string, string][] = [
      ['kpis?from=2026-02-01&to=2026-01-01', 'to'],
      ['kpis?from=2026-02-30&to=2026-03-01', 'from'],
      ['kpis?from=yesterday&to=2026-03-01', 'from'],
      ['kpis?from=2020-01-01&to=2026-01-01', 'from'],
      ['trend?to=2026-01-01', 'from'],
      [`breakdown?${RANGE}&dimension=password`, 'dimension'],
      [`breakdown?${RANGE}&dimension=advertiser&page_size=1000`, 'page_size'],
      [`breakdown?${RANGE}&dimension=advertiser&sort=__proto__`, 'sort'],
      [`kpis?${RANGE}&country=`, 'country'],
      [`trend?${RANGE}&campaign=${'x'.repeat(201)}`, 'campaign'],
      [`breakdown?${RANGE}&dimension=advertiser&device=%00`, 'device'],
    ];
    for (const [path, field] of cases) {
      const answer = await data(session, path);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().inputError, path).toBe(field);
    }
  });
});

describe('filters: "open in dashboard" narrows every data call inside the scope', () => {
  const FILTER_RANGE = { from: '2026-03-01', to: '2026-03-31' };
  const rows = ['Acme Shoes', 'Globex'].flatMap((advertiser, a) =>
    ['search', 'social'].flatMap((channel, c) =>
      ['US', 'MX'].flatMap((country, k) =>
        ['desktop', 'mobile'].flatMap((device, d) =>
          ['2026-03-02', '2026-03-09'].map((date, t) => ({
            date,
            advertiser,
            campaign: `${advertiser} ${t === 0 ? 'spring' : 'launch'}`,
            channel,
            country,
            device,
            // Every combination has its own revenue, so a wrong filter shows in the sum.
            revenue: 1 + a * 16 + c * 8 + k * 4 + d * 2 + t,
          })),
        ),
      ),
    ),
  );
  type Row = (typeof rows)[number];
  let account: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    account = await createAccount(env.database.db, { plan: 'free_plus', name: 'Filtered' });
    await createReportRows(env.database.db, account.id, rows);
  });

  const sumWhere = (keep: (row: Row) => boolean) =>
    rows.filter(keep).reduce((sum, row) => sum + row.revenue, 0);

  it('sums only the matching rows on the KPI tiles, the trend, the breakdown and the CSV', async () => {
    const { token } = await signedIn({ account, permission: 'owner' });
    const session = await embedSession(token, 'local-core-overview');
    const range = new URLSearchParams(FILTER_RANGE).toString();
    const cases: [Record<string, string>, (row: Row) => boolean][] = [
      [{ advertiser: 'Globex' }, (row) => row.advertiser === 'Globex'],
      [{ campaign: 'Acme Shoes launch' }, (row) => row.campaign === 'Acme Shoes launch'],
      [{ country: 'MX' }, (row) => row.country === 'MX'],
      [
        { advertiser: 'Acme Shoes', channel: 'social', device: 'mobile' },
        (row) =>
          row.advertiser === 'Acme Shoes' && row.channel === 'social' && row.device === 'mobile',
      ],
      [{ advertiser: 'Globex', campaign: 'Acme Shoes spring' }, () => false],
    ];
    for (const [filters, keep] of cases) {
      const label = JSON.stringify(filters);
      const query = `${range}&${new URLSearchParams(filters).toString()}`;
      const expected = sumWhere(keep);
      const kpis = (await data(session, `kpis?${query}`)).json().data;
      expect(kpis.current.revenue, label).toBe(expected);
      const trend = (await data(session, `trend?${query}`)).json().data;
      expect(
        trend.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0),
        label,
      ).toBe(expected);
      for (const dimension of ['advertiser', 'campaign', 'channel', 'country', 'device']) {
        const table = (await data(session, `breakdown?${query}&dimension=${dimension}`)).json()
          .data;
        expect(
          table.rows.reduce((sum: number, row: { revenue: number }) => sum + row.revenue, 0),
          `${label} by ${dimension}`,
        ).toBe(expected);
        const value = filters[dimension];
        if (value && expected > 0) {
          expect(table.rows.map((row: { key: string }) => row.key)).toEqual([value]);
        }
      }
      const csv = (await data(session, `breakdown.csv?${query}&dimension=device`)).body;
      const csvSum = csv
        .trim()
        .split('\r\n')
        .slice(1)
        .reduce((sum, line) => sum + Number(line.split(',')[4]), 0);
      expect(csvSum, label).toBe(expected);
    }
  });

  it('keeps an advertiser viewer to their own rows whatever the filters say', async () => {
    const { token } = await signedIn({
      account,
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
    });
    const session = await embedSession(token, 'local-core-advertiser');
    const range = new URLSearchParams(FILTER_RANGE).toString();
    const byCountry = (await data(session, `kpis?${range}&country=US`)).json().data;
    expect(byCountry.current.revenue).toBe(
      sumWhere((row) => row.advertiser === 'Acme Shoes' && row.country === 'US'),
    );
    const elsewhere = (
      await data(session, `breakdown?${range}&dimension=campaign&campaign=Globex launch`)
    ).json().data;
    expect(elsewhere).toMatchObject({ rows: [], total: 0 });
  });

  it('mints a built-in URL that carries the filters and the range to the workbook page', async () => {
    const { token } = await signedIn({ account, permission: 'owner' });
    const minted = await env.app.inject({
      method: 'POST',
      url: '/api/sigma/workbook/embed',
      headers: bearer(token),
      payload: {
        workbook_id: 'local-core-overview',
        filters: { advertiser: 'Acme Shoes', device: 'mobile' },
        range: FILTER_RANGE,
      },
    });
    expect(minted.statusCode).toBe(200);
    const params = new URL(minted.json().data.url).searchParams;
    expect(params.get('advertiser')).toBe('Acme Shoes');
    expect(params.get('device')).toBe('mobile');
    expect(params.get('campaign')).toBeNull();
    expect([params.get('from'), params.get('to')]).toEqual(['2026-03-01', '2026-03-31']);
    expect(minted.json().data.applied).toEqual({
      filters: { advertiser: 'Acme Shoes', device: 'mobile' },
      range: FILTER_RANGE,
    });
  });

  it('refuses filters it does not know, empty ones and backwards ranges, naming the field', async () => {
    const { token } = await signedIn({ account, permission: 'owner' });
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: { region: 'EU' } }, 'filters.region'],
      [{ filters: { country: '  ' } }, 'filters.country'],
      [{ filters: { advertiser: 7 } }, 'filters.advertiser'],
      [{ range: { from: '2026-03-31', to: '2026-03-01' } }, 'range.to'],
    ];
    for (const [extra, field] of cases) {
      const answer = await env.app.inject({
        method: 'POST',
        url: '/api/sigma/workbook/embed',
        headers: bearer(token),
        payload: { workbook_id: 'local-core-overview', ...extra },
      });
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json().inputError, field).toBe(field);
    }
  });
});
