import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@partner-portal/shared/report-import';
import { alertEvents, alerts, outbox, webhookMessages } from '../../db/schema/index';
import { createAccount } from '../../../test/factories';
import { bearer, randomIp, signedInUser, xsrfHeaders } from '../../../test/identity-helpers';
import { createTestContext } from '../../../test/test-context';
import { useTestApp } from '../../../test/use-test-app';
import { evaluateAlertsAsOf, runAlertCloses } from './alert-job';

/**
 * docs/product.md#metric-alerts through the API: an alert is told once when an import makes its
 * condition hold (mail and webhook), stays quiet until it clears, reads only what its owner may
 * see, stops when they can no longer see it, is held by a snooze, and is evaluated once at each
 * close of its owner's day.
 */
const env = useTestApp();
const db = () => env.database.db;

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  env.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'GET' ? {} : xsrfHeaders) },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

/** One report line: a day's figures for an advertiser. */
const line = (day: string, advertiser: string, revenue: number) =>
  `${day},${advertiser},Spring,search,US,desktop,1000,50,5,${revenue.toFixed(2)},${(revenue / 2).toFixed(2)}`;

async function importLines(token: string, lines: string[]) {
  const answer = await env.app.inject({
    method: 'POST',
    url: '/api/account/data/imports?name=day.csv',
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    remoteAddress: randomIp(),
    payload: `${REPORT_COLUMNS.join(',')}\n${lines.join('\n')}\n`,
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

async function plusOwner(plan = 'free_plus') {
  const account = await createAccount(db(), { plan: plan as 'free_plus' });
  return signedInUser(env.app, db(), { permission: 'owner', account });
}

const alertMails = (email: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'alert_triggered')));

const history = async (token: string, id: string) =>
  (await call(token, 'GET', `/api/alerts/${id}/history`)).json().data as {
    event: string;
    day: string;
    notified: boolean;
  }[];

describe('an alert told by imports', () => {
  it('fires once when the condition comes to hold, stays quiet, clears, then fires again', async () => {
    const owner = await plusOwner();
    const hook = await call(owner.token, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/alerts',
      events: ['alert.triggered'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const created = await call(owner.token, 'POST', '/api/alerts', {
      name: 'Acme revenue low',
      metric: 'revenue',
      filters: { advertiser: 'Acme Shoes' },
      condition: { type: 'threshold', op: '<', value: 500 },
      channels: ['email', 'webhook'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;

    await importLines(owner.token, [
      line('2026-03-01', 'Acme Shoes', 900),
      line('2026-03-01', 'Other', 50),
    ]);
    expect(await alertMails(owner.user.email)).toHaveLength(0);
    await importLines(owner.token, [line('2026-03-02', 'Acme Shoes', 120)]);
    const [mail] = await alertMails(owner.user.email);
    expect(mail?.subject).toBe('Acme revenue low: Revenue was $120.00 on 2026-03-02');
    expect(mail?.text).toContain(
      'Revenue (Acme Shoes) was $120.00 on 2026-03-02, your limit is $500.00',
    );
    expect(mail?.text).toContain(
      '/dashboard/core?advertiser=Acme+Shoes&from=2026-02-24&to=2026-03-02',
    );
    const [told] = await db()
      .select({ payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.accountId, owner.account.id),
          eq(webhookMessages.type, 'alert.triggered'),
        ),
      );
    expect(told?.payload.data).toEqual({
      account_id: owner.account.id,
      alert_id: id,
      name: 'Acme revenue low',
      metric: 'revenue',
      value: 120,
      comparison: 500,
      day: '2026-03-02',
    });

    // Still below the next day: no second mail.
    await importLines(owner.token, [line('2026-03-03', 'Acme Shoes', 100)]);
    expect(await alertMails(owner.user.email)).toHaveLength(1);
    await importLines(owner.token, [line('2026-03-04', 'Acme Shoes', 800)]);
    await importLines(owner.token, [line('2026-03-05', 'Acme Shoes', 80)]);
    expect(await alertMails(owner.user.email)).toHaveLength(2);
    expect((await history(owner.token, id)).map((entry) => [entry.event, entry.day])).toEqual([
      ['triggered', '2026-03-05'],
      ['cleared', '2026-03-04'],
      ['triggered', '2026-03-02'],
    ]);
    const list = (await call(owner.token, 'GET', '/api/alerts')).json().data;
    expect(list).toMatchObject({
      anomaly: false,
      alerts: [{ id, state: 'triggered', last_value: 80 }],
    });
  });

  it('reads only the rows its owner may see: an advertiser’s alert ignores the others', async () => {
    const owner = await plusOwner();
    const advertiser = await signedInUser(env.app, db(), {
      permission: 'advertiser',
      account: owner.account,
      advertiserName: 'Acme Shoes',
      enablePlus: true,
    });
    const created = await call(advertiser.token, 'POST', '/api/alerts', {
      name: 'Any big day',
      metric: 'revenue',
      condition: { type: 'threshold', op: '>', value: 1000 },
      channels: ['email'],
    });
    expect(created.statusCode, created.body).toBe(201);
    await importLines(owner.token, [
      line('2026-04-01', 'Acme Shoes', 300),
      line('2026-04-01', 'Other', 9000),
    ]);
    expect(await alertMails(advertiser.user.email)).toHaveLength(0);
    const [row] = await db().select().from(alerts).where(eq(alerts.id, created.json().data.id));
    expect(row).toMatchObject({ state: 'ok', lastValue: 300 });
    // The owner's alerts are theirs: the advertiser's is not in the owner's list.
    expect((await call(owner.token, 'GET', '/api/alerts')).json().data.alerts).toEqual([]);
  });

  it('stops when its owner can no longer see the data, and tells nobody; goes with a removed member', async () => {
    const owner = await plusOwner();
    const advertiser = await signedInUser(env.app, db(), {
      permission: 'advertiser',
      account: owner.account,
      advertiserName: 'Acme Shoes',
      enablePlus: true,
    });
    const created = await call(advertiser.token, 'POST', '/api/alerts', {
      name: 'Clicks low',
      metric: 'clicks',
      condition: { type: 'threshold', op: '<', value: 1_000_000 },
      channels: ['email'],
    });
    const id = created.json().data.id as string;
    // The admin takes Plus away from the advertiser: their alerts read nothing more.
    const changed = await call(owner.token, 'PATCH', '/api/user', {
      id: advertiser.user.id,
      enable_plus: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await importLines(owner.token, [line('2026-05-01', 'Acme Shoes', 300)]);
    const [row] = await db().select().from(alerts).where(eq(alerts.id, id));
    expect(row?.state).toBe('stopped');
    expect(await alertMails(advertiser.user.email)).toHaveLength(0);
    // Its history says why, once (its owner reads it again when Plus is given back).
    const events = await db().select().from(alertEvents).where(eq(alertEvents.alertId, id));
    expect(events.map((entry) => entry.event)).toEqual(['stopped']);
    await importLines(owner.token, [line('2026-05-02', 'Acme Shoes', 300)]);
    expect(await db().select().from(alertEvents).where(eq(alertEvents.alertId, id))).toHaveLength(
      1,
    );
    // Removed from the account (and so deleted, in no other): the alert goes with them.
    expect((await call(owner.token, 'DELETE', `/api/user/${advertiser.user.id}`)).statusCode).toBe(
      200,
    );
    expect(await db().select().from(alerts).where(eq(alerts.id, id))).toEqual([]);
  });

  it('holds its notice while snoozed, but keeps its state and history', async () => {
    const owner = await plusOwner();
    const created = await call(owner.token, 'POST', '/api/alerts', {
      name: 'Margin low',
      metric: 'margin',
      condition: { type: 'threshold', op: '<', value: 1000 },
      channels: ['email'],
    });
    const id = created.json().data.id as string;
    const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const snoozed = await call(owner.token, 'PATCH', `/api/alerts/${id}`, { snoozed_until: until });
    expect(snoozed.json().data.snoozed_until).toBe(until);
    const tooLong = await call(owner.token, 'PATCH', `/api/alerts/${id}`, {
      snoozed_until: new Date(Date.now() + 40 * 86_400_000).toISOString(),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().inputError).toBe('snoozed_until');
    await importLines(owner.token, [line('2026-06-01', 'Acme Shoes', 300)]);
    expect(await alertMails(owner.user.email)).toHaveLength(0);
    expect(await history(owner.token, id)).toMatchObject([{ event: 'triggered', notified: false }]);
  });
});

describe('the day close', () => {
  it('evaluates each alert once at its owner’s midnight and moves its next close on', async () => {
    const owner = await plusOwner();
    await importLines(owner.token, [
      line('2026-07-01', 'Acme Shoes', 900),
      line('2026-07-02', 'Acme Shoes', 400),
    ]);
    const created = await call(owner.token, 'POST', '/api/alerts', {
      name: 'Day over day',
      metric: 'revenue',
      condition: { type: 'change', window: 'day', pct: -50 },
      channels: ['email'],
    });
    const id = created.json().data.id as string;
    // Its first close has come (as if the clock had reached the owner's midnight).
    await db()
      .update(alerts)
      .set({ nextCloseAt: new Date('2026-07-03T00:00:00Z') })
      .where(eq(alerts.id, id));
    const ctx = createTestContext(env.database, () => new Date('2026-07-03T00:00:05Z'));
    expect(await runAlertCloses(ctx)).toBeGreaterThanOrEqual(1);
    expect(await runAlertCloses(ctx)).toBe(0);
    const [row] = await db().select().from(alerts).where(eq(alerts.id, id));
    expect(row?.nextCloseAt.toISOString()).toBe('2026-07-04T00:00:00.000Z');
    expect(row).toMatchObject({ state: 'triggered', lastDay: '2026-07-02', lastValue: 400 });
    const [mail] = await alertMails(owner.user.email);
    expect(mail?.text).toContain('against $900.00 the period before');
  });

  it('evaluate-alerts --as-of reads the day that had closed then', async () => {
    const owner = await plusOwner();
    await importLines(owner.token, [
      line('2026-08-10', 'Acme Shoes', 100),
      line('2026-08-11', 'Acme Shoes', 5000),
    ]);
    const created = await call(owner.token, 'POST', '/api/alerts', {
      name: 'Low day',
      metric: 'revenue',
      condition: { type: 'threshold', op: '<', value: 200 },
      channels: ['email'],
    });
    const id = created.json().data.id as string;
    // Back then the 10th was the last closed day; the import's own evaluation read the 11th.
    const report = await evaluateAlertsAsOf(
      createTestContext(env.database),
      new Date('2026-08-11T09:00:00Z'),
      [owner.account.id],
    );
    expect(report).toEqual({ evaluated: 1, fired: 1 });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, id));
    expect(row).toMatchObject({ lastDay: '2026-08-10', state: 'triggered' });
  });
});

describe('what may be asked', () => {
  it('is for Plus and above; anomalies for Plus AI and never on a ratio', async () => {
    const core = await signedInUser(env.app, db(), { permission: 'owner' });
    expect((await call(core.token, 'GET', '/api/alerts')).statusCode).toBe(402);
    const plus = await plusOwner();
    const anomaly = {
      name: 'Odd',
      metric: 'revenue',
      condition: { type: 'anomaly' },
      channels: ['email'],
    };
    const refused = await call(plus.token, 'POST', '/api/alerts', anomaly);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ plan: 'free_plus_ai' });
    const ai = await plusOwner('free_plus_ai');
    expect((await call(ai.token, 'POST', '/api/alerts', anomaly)).statusCode).toBe(201);
    const ratio = await call(ai.token, 'POST', '/api/alerts', { ...anomaly, metric: 'ctr' });
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json().inputError).toBe('metric');
    const noChannel = await call(ai.token, 'POST', '/api/alerts', { ...anomaly, channels: [] });
    expect(noChannel.json().inputError).toBe('channels');
    const zero = await call(ai.token, 'POST', '/api/alerts', {
      ...anomaly,
      condition: { type: 'change', window: 'day', pct: 0 },
    });
    expect(zero.statusCode).toBe(400);
    const other = await call(
      plus.token,
      'DELETE',
      `/api/alerts/${(await call(ai.token, 'GET', '/api/alerts')).json().data.alerts[0].id}`,
    );
    expect(other.statusCode).toBe(404);
  });
});

it('answers 404 for an alert that is not the caller’s or does not exist', async () => {
  const owner = await plusOwner();
  for (const [method, url] of [
    ['GET', '/api/alerts/nope/history'],
    ['PATCH', `/api/alerts/${crypto.randomUUID()}`],
    ['DELETE', `/api/alerts/${crypto.randomUUID()}`],
  ] as const) {
    const answer = await call(
      owner.token,
      method,
      url,
      method === 'PATCH' ? { name: 'x' } : undefined,
    );
    expect(answer.statusCode, `${method} ${url}`).toBe(404);
  }
});
