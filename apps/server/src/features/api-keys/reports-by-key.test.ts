import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { REPORT_COLUMNS } from '@partner-portal/shared/report-import';
import { reportRows } from '../../db/schema/index';
import { createAccount, createReportRows } from '../../../test/factories';
import { bearer, randomIp, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

// What a partner's integration does with a key: read the dashboards' rows, export them, import more.
const env = useTestApp();
const RANGE = 'from=2026-01-01&to=2026-01-31';

async function keyFor(scope: string[]) {
  const account = await createAccount(env.database.db, { name: 'Integrator' });
  const owner = await signedInUser(env.app, env.database.db, { permission: 'owner', account });
  const created = await env.app.inject({
    method: 'POST',
    url: '/api/key',
    headers: bearer(owner.token),
    remoteAddress: randomIp(),
    payload: { name: 'warehouse', scope },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { account, owner, key: created.json().data.key as string };
}

const viaKey = (key: string, url: string, init: { method?: 'POST'; csv?: string } = {}) =>
  env.app.inject({
    method: init.method ?? 'GET',
    url,
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.csv === undefined ? {} : { 'content-type': 'text/csv' }),
    },
    ...(init.csv === undefined ? {} : { payload: init.csv }),
  });

describe('report data by API key', () => {
  it('reads the account-wide breakdown as paged JSON and as CSV', async () => {
    const { account, key } = await keyFor(['report.read', 'report.export']);
    await createReportRows(env.database.db, account.id, [
      { date: '2026-01-02', advertiser: 'Acme', country: 'US', revenue: 120 },
      { date: '2026-01-03', advertiser: 'Bolt', country: 'ES', revenue: 30 },
      { date: '2026-01-04', advertiser: '=cmd', country: 'US', revenue: 5 },
    ]);
    const page = await viaKey(key, `/api/reports?${RANGE}&dimension=advertiser&page_size=2`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.json().data.rows.map((row: { key: string }) => row.key)).toEqual(['Acme', 'Bolt']);

    const csv = await viaKey(key, `/api/reports.csv?${RANGE}&dimension=advertiser`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('advertiser,impressions,clicks,conversions,revenue,payout');
    expect(lines).toHaveLength(4);
    // A cell a spreadsheet would run as a formula is neutralised.
    expect(lines.some((line) => line.startsWith("'=cmd,"))).toBe(true);

    const missing = await viaKey(key, `/api/reports?${RANGE}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().inputError).toBe('dimension');
  });

  it('imports a file all or nothing, and refuses it without report.import', async () => {
    const { account, key } = await keyFor(['report.import']);
    const good = `${REPORT_COLUMNS.join(',')}\n2026-01-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00\n`;
    const imported = await viaKey(key, '/api/reports/import?name=feed.csv', {
      method: 'POST',
      csv: good,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data.rows).toBe(1);
    const bad = await viaKey(key, '/api/reports/import', {
      method: 'POST',
      csv: `${good}2026-13-01,Acme,Spring,search,US,desktop,1,1,1,1.00,1.00\n`,
    });
    expect(bad.statusCode).toBe(400);
    const [rows] = await env.database.db
      .select({ n: count() })
      .from(reportRows)
      .where(eq(reportRows.accountId, account.id));
    expect(rows?.n).toBe(1);

    const reader = await keyFor(['report.read']);
    const refused = await viaKey(reader.key, '/api/reports/import', { method: 'POST', csv: good });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('report.import');
  });
});
