import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { digestDeliveries, outbox } from '../db/schema';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp } from '../../test/build-test-app';
import { createTestConfig } from '../../test/test-config';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one sample line, e.g. `name{label="x"} 3`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist unless METRICS_TOKEN is set', async () => {
    const { app } = await buildTestApp(database);
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBeTruthy();
    await app.close();
  });

  it('answers only the bearer of the token', async () => {
    const { app } = await buildTestApp(database, {
      config: createTestConfig({ METRICS_TOKEN: TOKEN }),
    });
    const wrong = TOKEN.replace(/.$/, 'x');
    for (const authorization of [undefined, `Bearer ${wrong}`, TOKEN, `Bearer ${TOKEN} `]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('http_requests_total');
    }
    await app.close();
  });

  it('counts requests by route pattern and status, and reports pool, cache and outbox', async () => {
    const { app } = await buildTestApp(database, {
      config: createTestConfig({ METRICS_TOKEN: TOKEN }),
    });
    await database.db.insert(outbox).values({
      to: 'someone@example.test',
      from: 'portal@example.test',
      subject: 'kept',
      text: 'kept',
      html: '<p>kept</p>',
      template: 'test',
      locale: 'en',
    });
    const { user } = await createUser(database.db);
    const digest = {
      userId: user.id,
      frequency: 'daily' as const,
      periodFrom: '2026-11-20',
      periodTo: '2026-11-20',
      dueAt: new Date('2026-11-21T08:00:00Z'),
    };
    await database.db.insert(digestDeliveries).values([
      { ...digest, periodKey: 'daily:2026-11-20', status: 'failed', attempts: 5 },
      // Not due for a long while, so no digest job of another test file sends it meanwhile.
      {
        ...digest,
        periodKey: 'daily:2026-11-21',
        status: 'pending',
        nextAttemptAt: new Date('2100-01-01T00:00:00Z'),
      },
      { ...digest, periodKey: 'daily:2026-11-22', status: 'sent' },
    ]);
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/user' });
    await app.inject({ method: 'GET', url: `/api/no-such-route/${Math.random()}` });

    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const health = 'http_requests_total{method="GET",route="/api/health",status="200"}';
    expect(sample(text, health)).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/user",status="401"}')).toBe(
      1,
    );
    // Random paths share one label instead of adding a series each.
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
      ),
    ).toBe(3);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'session_cache_lookups{result="hit"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mail_outbox_unsent{failed="false"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mail_outbox_unsent{failed="true"}')).toBe(0);
    // A digest given up is the operator's to look at. (At least: on PostgreSQL other test files
    // share the database.)
    expect(sample(text, 'report_digests_unsent{status="failed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'report_digests_unsent{status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('process_resident_memory_bytes');
    await app.close();
  });
});
