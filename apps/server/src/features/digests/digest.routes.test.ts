import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationSettings } from '../../db/schema/index';
import { createAccount, createReportRows } from '../../../test/factories';
import { bearer, randomIp, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { formatMoney } from '@partner-portal/shared/report-format';
import { latestDuePeriod, nextPeriod } from './digest-periods';

/** docs/product.md#report-digests: the settings, the preview and the signed unsubscribe link. */
/** Real time unless a test pins it. */
let clock: Date | null = null;
const env = useTestApp(() => ({ now: () => clock ?? new Date() }));
const db = () => env.database.db;

const DAY_MS = 86_400_000;
const isoDay = (offset: number) =>
  new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** An account with a row on every day from six weeks ago to tomorrow, whatever today is. */
async function accountWithRows() {
  const account = await createAccount(db(), { name: 'Northwind Media' });
  const days = Array.from({ length: 44 }, (_, index) => isoDay(index - 42));
  await createReportRows(db(), account.id, [
    ...days.map((date) => ({ date, advertiser: 'Acme Shoes', revenue: 100, payout: 60 })),
    ...days.map((date) => ({ date, advertiser: 'Globex', revenue: 50, payout: 20 })),
  ]);
  return account;
}

const patchUser = (token: string, payload: Record<string, unknown>) =>
  env.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload });
const preview = (token: string, query = '') =>
  env.app.inject({ method: 'GET', url: `/api/digest/preview${query}`, headers: bearer(token) });
const unsubscribe = (token: string, init: { payload?: string; type?: string } = {}) =>
  env.app.inject({
    method: 'POST',
    url: `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`,
    remoteAddress: randomIp(),
    ...(init.type ? { headers: { 'content-type': init.type } } : {}),
    ...(init.payload !== undefined ? { payload: init.payload } : {}),
  });
const digestSwitch = async (token: string) =>
  (await env.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) }))
    .json()
    .data.find((item: { name: string }) => item.name === 'report_digest').active as boolean;

describe('digest settings on the user', () => {
  it('saves the cadence, the zone and the attachment, and answers them with the user', async () => {
    const me = await signedInUser(env.app, db());
    const fresh = await env.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(me.token),
    });
    expect(fresh.json().data).toMatchObject({
      digest_frequency: 'weekly',
      timezone: null,
      digest_csv: false,
    });
    const saved = await patchUser(me.token, {
      digest_frequency: 'weekdays',
      timezone: 'Europe/Madrid',
      digest_csv: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      digest_frequency: 'weekdays',
      timezone: 'Europe/Madrid',
      digest_csv: true,
    });
  });

  it('refuses an unknown cadence or zone, naming the field, and saves nothing', async () => {
    const me = await signedInUser(env.app, db());
    const zone = await patchUser(me.token, { timezone: 'Mars/Olympus_Mons', first_name: 'Z' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({
      inputError: 'timezone',
      message: expect.stringContaining('time zone'),
    });
    const cadence = await patchUser(me.token, { digest_frequency: 'hourly' });
    expect(cadence.statusCode).toBe(400);
    expect(cadence.json().inputError).toBe('digest_frequency');
    const user = await env.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(me.token),
    });
    expect(user.json().data).toMatchObject({ first_name: 'Test', timezone: null });
  });

  it('keeps the moment of opting in when "on" is saved again', async () => {
    const me = await signedInUser(env.app, db());
    const turnOn = () =>
      env.app.inject({
        method: 'PATCH',
        url: '/api/notification',
        headers: bearer(me.token),
        payload: { report_digest: true },
      });
    const optedIn = async () =>
      (
        await db()
          .select({ at: notificationSettings.updatedAt })
          .from(notificationSettings)
          .where(
            and(
              eq(notificationSettings.userId, me.user.id),
              eq(notificationSettings.name, 'report_digest'),
            ),
          )
      )[0]?.at.getTime();
    expect((await turnOn()).statusCode).toBe(200);
    const first = await optedIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await turnOn();
    expect(await optedIn()).toBe(first);
    expect(await digestSwitch(me.token)).toBe(true);
  });
});

describe('GET /api/digest/preview', () => {
  it('says when the next digest goes out and renders the last complete period, as its recipient', async () => {
    const account = await accountWithRows();
    const me = await signedInUser(env.app, db(), { account, permission: 'owner' });
    await patchUser(me.token, { timezone: 'Europe/Madrid' });
    const answer = await preview(me.token);
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    const period = nextPeriod('weekly', 'Europe/Madrid', new Date());
    const shown = latestDuePeriod('weekly', 'Europe/Madrid', new Date());
    expect(data).toMatchObject({
      status: 'ready',
      account_name: 'Northwind Media',
      frequency: 'weekly',
      timezone: 'Europe/Madrid',
      period: { from: period.from, to: period.to },
      send_at: period.sendAt.toISOString(),
      shown_period: { from: shown.from, to: shown.to },
      attachment: null,
    });
    expect(data.subject).toContain('weekly');
    expect(data.html).toContain('Acme Shoes');
    expect(data.html).toContain('/unsubscribe?token=');
    expect(data.text).toContain('Globex');
  });

  it('follows the choices in the query before they are saved', async () => {
    const account = await accountWithRows();
    const me = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const answer = await preview(me.token, '?frequency=monthly&timezone=America/New_York&csv=true');
    const period = nextPeriod('monthly', 'America/New_York', new Date());
    const shown = latestDuePeriod('monthly', 'America/New_York', new Date());
    expect(answer.json().data).toMatchObject({
      status: 'ready',
      frequency: 'monthly',
      period: { from: period.from, to: period.to },
      attachment: `report-${shown.from}-to-${shown.to}.csv`,
    });
    expect(answer.json().data.subject).toContain('monthly');
    const bad = await preview(me.token, '?timezone=Nowhere/Special');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().inputError).toBe('timezone');
  });

  it('compares like with like on a Saturday: a steady week reads as no change, not a fall', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    try {
      const account = await createAccount(db(), { name: 'Steady Media' });
      const days = Array.from({ length: 42 }, (_, index) =>
        new Date(clock!.getTime() - index * DAY_MS).toISOString().slice(0, 10),
      );
      await createReportRows(
        db(),
        account.id,
        days.map((date) => ({ date, advertiser: 'Acme Shoes', revenue: 100, payout: 60 })),
      );
      const me = await signedInUser(env.app, db(), { account, permission: 'owner' });
      const data = (await preview(me.token, '?frequency=weekly&timezone=UTC')).json().data;
      // The week under way (Mon 23 – Sun 29) has six days of data: it is not what is told.
      expect(data.period).toEqual({ from: '2026-11-23', to: '2026-11-29' });
      expect(data.shown_period).toEqual({ from: '2026-11-16', to: '2026-11-22' });
      expect(data.text).toContain('$700.00');
      expect(data.text).not.toMatch(/[−-]\d+(\.\d+)?\s?%/);
    } finally {
      clock = null;
    }
  });

  it('writes Spanish for a Spanish user, and shows an advertiser only its own rows', async () => {
    const account = await accountWithRows();
    const advertiser = await signedInUser(env.app, db(), {
      account,
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
    });
    await patchUser(advertiser.token, { locale: 'es' });
    const data = (await preview(advertiser.token)).json().data;
    expect(data.status).toBe('ready');
    expect(data.subject).toContain('semanal');
    for (const part of [data.subject, data.html, data.text]) expect(part).not.toContain('Globex');
  });

  it.each([
    ['owner', 'en'],
    ['advertiser', 'es'],
  ] as const)(
    'holds the numbers the reports API gives the same viewer (%s, in %s)',
    async (permission, locale) => {
      const account = await accountWithRows();
      const viewer = await signedInUser(env.app, db(), {
        account,
        permission,
        advertiserName: permission === 'advertiser' ? 'Acme Shoes' : null,
      });
      await patchUser(viewer.token, { locale });
      const digest = (await preview(viewer.token, '?frequency=weekly&timezone=UTC')).json().data;
      const { from, to } = digest.shown_period;
      const reports = await env.app.inject({
        method: 'GET',
        url: `/api/reports?from=${from}&to=${to}&dimension=advertiser&page_size=100`,
        headers: bearer(viewer.token),
      });
      expect(reports.statusCode).toBe(200);
      const rows = reports.json().data.rows as { key: string; revenue: number }[];
      expect(rows.map((row) => row.key).sort()).toEqual(
        permission === 'advertiser' ? ['Acme Shoes'] : ['Acme Shoes', 'Globex'],
      );
      const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
      expect(revenue).toBeGreaterThan(0);
      expect(digest.html).toContain(formatMoney(locale, revenue));
      expect(digest.text).toContain(formatMoney(locale, revenue));
    },
  );

  it('says there is nothing to send for a period without data', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'owner' });
    expect((await preview(me.token)).json().data).toMatchObject({
      status: 'no_data',
      html: null,
      subject: null,
    });
  });
});

describe('POST /api/digest/unsubscribe', () => {
  async function subscribed() {
    const account = await accountWithRows();
    const me = await signedInUser(env.app, db(), { account, permission: 'owner' });
    await env.app.inject({
      method: 'PATCH',
      url: '/api/notification',
      headers: bearer(me.token),
      payload: { report_digest: true },
    });
    const html = (await preview(me.token)).json().data.html as string;
    const token = decodeURIComponent(/unsubscribe\?token=([^"&]+)/.exec(html)?.[1] ?? '');
    expect(token).not.toBe('');
    return { ...me, unsubscribeToken: token };
  }

  it('turns the digest off without a session, as a mail client’s one-click POST, and again harmlessly', async () => {
    const me = await subscribed();
    expect(await digestSwitch(me.token)).toBe(true);
    const oneClick = await unsubscribe(me.unsubscribeToken, {
      type: 'application/x-www-form-urlencoded',
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({
      data: { unsubscribed: true },
      message: 'You will not get report digests any more.',
    });
    expect(await digestSwitch(me.token)).toBe(false);
    // The page's button after the mail client's POST, and a multipart client: the same answer.
    expect(
      (await unsubscribe(me.unsubscribeToken, { type: 'application/json', payload: '{}' }))
        .statusCode,
    ).toBe(200);
    const multipart = await unsubscribe(me.unsubscribeToken, {
      type: 'multipart/form-data; boundary=x',
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await digestSwitch(me.token)).toBe(false);
  });

  it('refuses an altered or foreign token, naming it, and changes nothing', async () => {
    const me = await subscribed();
    const [userId, signature] = me.unsubscribeToken.split('.') as [string, string];
    const other = await signedInUser(env.app, db());
    for (const token of [
      `${userId}.${signature.slice(0, -2)}AA`,
      `${other.user.id}.${signature}`,
      userId,
      'x',
    ]) {
      const answer = await unsubscribe(token);
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json()).toMatchObject({
        inputError: 'token',
        message: expect.stringContaining('not valid'),
      });
    }
    const missing = await env.app.inject({
      method: 'POST',
      url: '/api/digest/unsubscribe',
      remoteAddress: randomIp(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().inputError).toBe('token');
    expect(await digestSwitch(me.token)).toBe(true);
  });
});
