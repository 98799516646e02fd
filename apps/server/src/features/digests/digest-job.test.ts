import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestFrequency } from '@partner-portal/shared/digests';
import type { Database } from '../../db/client';
import {
  accounts,
  digestDeliveries,
  notificationSettings,
  outbox,
  users,
} from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import type { MailTransport } from '../../lib/mail/mail-transport';
import { createAccount, createReportRows, createUser } from '../../../test/factories';
import { createTestContext } from '../../../test/test-context';
import { createTestDatabase } from '../../../test/test-database';
import { updateNotifications } from '../notifications/notification-settings.service';
import {
  DIGEST_MAX_ATTEMPTS,
  deliverDueDigests,
  runReportDigests,
  scheduleDueDigests,
  sendDueDigests,
} from './digest-job';

/**
 * docs/product.md#report-digests "Delivery": one digest per user and period, claimed by its row
 * and sent in the transaction that queues its mail.
 */
let database: Database;
beforeAll(async () => {
  // The job takes whatever is due in the database: no other file's digests may be there.
  database = await createTestDatabase({ alone: true });
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

/** A context whose clock stands at `at`. */
const contextAt = (at: string | Date, mail?: MailTransport): AppContext => {
  const ctx = createTestContext(database, () => new Date(at));
  return mail ? { ...ctx, mail } : ctx;
};

// Monday 23 November 2026: 08:00 in Madrid (CET, +1) is 07:00 UTC.
const MONDAY_0800_MADRID = '2026-11-23T07:00:00Z';

/** An owner of an account with rows in the week of 16–22 November, opted in at `optedIn`. */
async function subscriber(
  options: {
    frequency?: DigestFrequency;
    timezone?: string | null;
    optedIn?: string;
    locale?: 'en' | 'es';
    csv?: boolean;
    rows?: boolean;
  } = {},
) {
  const account = await createAccount(db(), { name: 'Northwind Media' });
  if (options.rows ?? true) {
    await createReportRows(db(), account.id, [
      { date: '2026-11-16', advertiser: 'Acme Shoes', revenue: 500, payout: 300 },
      { date: '2026-11-22', advertiser: 'Globex', revenue: 700, payout: 400 },
      { date: '2026-11-10', advertiser: 'Acme Shoes', revenue: 400, payout: 300 },
    ]);
  }
  const { user } = await createUser(db(), { account, permission: 'owner' });
  await db()
    .update(users)
    .set({
      digestFrequency: options.frequency ?? 'weekly',
      timezone: options.timezone === undefined ? 'Europe/Madrid' : options.timezone,
      locale: options.locale ?? 'en',
      digestCsv: options.csv ?? false,
    })
    .where(eq(users.id, user.id));
  await updateNotifications(
    db(),
    user.id,
    { report_digest: true },
    new Date(options.optedIn ?? '2026-11-01T00:00:00Z'),
  );
  return { user, account };
}

const mailsTo = (email: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'report_digest')));
const deliveriesOf = (userId: string) =>
  db().select().from(digestDeliveries).where(eq(digestDeliveries.userId, userId));

describe('the report digest job', () => {
  it('sends the week’s digest once, at 08:00 on Monday in the user’s zone, however often it runs', async () => {
    const { user } = await subscriber();
    // 07:59 in Madrid: this Monday's is not due yet, so the latest due is last Monday's (9–15
    // November), owed since the user opted in on the 1st.
    await runReportDigests(contextAt('2026-11-23T06:59:00Z'));
    const early = await deliveriesOf(user.id);
    expect(early.map((row) => row.periodKey)).toEqual(['weekly:2026-11-09']);

    for (let run = 0; run < 3; run += 1) await runReportDigests(contextAt(MONDAY_0800_MADRID));
    const rows = await deliveriesOf(user.id);
    expect(rows.map((row) => row.periodKey).sort()).toEqual([
      'weekly:2026-11-09',
      'weekly:2026-11-16',
    ]);
    const week = rows.find((row) => row.periodKey === 'weekly:2026-11-16');
    expect(week).toMatchObject({
      status: 'sent',
      periodFrom: '2026-11-16',
      periodTo: '2026-11-22',
      attempts: 1,
    });
    expect(week?.dueAt.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    const mail = mails.find((row) => row.text.includes('$1,200'));
    expect(mail?.subject).toContain('weekly');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/api\/digest\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.attachments).toBeNull();
  });

  it('owes nothing for a period due before the user opted in', async () => {
    const { user } = await subscriber({ optedIn: '2026-11-23T07:30:00Z' });
    expect(
      await scheduleDueDigests(contextAt('2026-11-23T09:00:00Z'), new Date('2026-11-23T09:00:00Z')),
    ).toBe(0);
    expect(await deliveriesOf(user.id)).toEqual([]);
    // The next Monday's is owed.
    await runReportDigests(contextAt('2026-11-30T07:00:00Z'));
    expect((await deliveriesOf(user.id)).map((row) => row.periodKey)).toEqual([
      'weekly:2026-11-23',
    ]);
  });

  it('keeps 08:00 local across a daylight-saving change', async () => {
    // Madrid leaves summer time on Sunday 25 October 2026: 08:00 is 06:00 UTC before, 07:00 after.
    const { user } = await subscriber({
      frequency: 'daily',
      rows: false,
      optedIn: '2026-10-01T00:00:00Z',
    });
    const keysAt = async (at: string) => {
      await scheduleDueDigests(contextAt(at), new Date(at));
      return (await deliveriesOf(user.id)).map((row) => row.periodKey).sort();
    };
    expect(await keysAt('2026-10-24T06:00:00Z')).toEqual(['daily:2026-10-23']);
    expect(await keysAt('2026-10-26T06:30:00Z')).toEqual(['daily:2026-10-23', 'daily:2026-10-24']);
    expect(await keysAt('2026-10-26T07:00:00Z')).toEqual([
      'daily:2026-10-23',
      'daily:2026-10-24',
      'daily:2026-10-25',
    ]);
    const [due] = (await deliveriesOf(user.id)).filter(
      (row) => row.periodKey === 'daily:2026-10-25',
    );
    expect(due?.dueAt.toISOString()).toBe('2026-10-26T07:00:00.000Z');
  });

  it('stops sending when its time is up, and the next run sends the rest', async () => {
    const queue = contextAt(MONDAY_0800_MADRID);
    // What the file's earlier subscribers have due goes first, so only these three are left.
    await sendDueDigests(queue);
    const people = [await subscriber(), await subscriber(), await subscriber()];
    // Each mail takes 40 ms to queue, past the 10 ms the run may take: one goes, then it stops.
    const slow: MailTransport = {
      send: async (mail, tx) => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await queue.mail.send(mail, tx);
      },
    };
    const ctx = contextAt(MONDAY_0800_MADRID, slow);
    await scheduleDueDigests(ctx, ctx.now());
    const statuses = async () =>
      (await Promise.all(people.map((who) => deliveriesOf(who.user.id))))
        .flat()
        .map((row) => row.status)
        .sort();
    const first = await deliverDueDigests(ctx, ctx.now(), 10);
    expect(first.sent).toBe(1);
    expect(await statuses()).toEqual(['pending', 'pending', 'sent']);
    await deliverDueDigests(ctx, ctx.now());
    expect(await statuses()).toEqual(['sent', 'sent', 'sent']);
    for (const who of people) expect(await mailsTo(who.user.email)).toHaveLength(1);
  });

  it('skips a period without data, and a user who unsubscribed after it was claimed', async () => {
    const quiet = await subscriber({ rows: false });
    const gone = await subscriber();
    const ctx = contextAt(MONDAY_0800_MADRID);
    await scheduleDueDigests(ctx, ctx.now());
    await updateNotifications(db(), gone.user.id, { report_digest: false }, ctx.now());
    await deliverDueDigests(ctx, ctx.now());
    for (const [who, reason] of [
      [quiet, 'no_data'],
      [gone, 'unsubscribed'],
    ] as const) {
      const rows = await deliveriesOf(who.user.id);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatchObject({ status: 'skipped', skipReason: reason });
      expect(await mailsTo(who.user.email)).toEqual([]);
    }
  });

  it('sends nothing to a member the 2FA policy keeps out, nor to one without a usable account', async () => {
    const lockedOut = await subscriber({ optedIn: '2026-11-20T00:00:00Z' });
    await db()
      .update(accounts)
      .set({
        twoFactorRequiredAt: new Date('2026-11-10T00:00:00Z'),
        twoFactorDeadline: new Date('2026-11-17T00:00:00Z'),
      })
      .where(eq(accounts.id, lockedOut.account.id));
    const disabled = await subscriber({ optedIn: '2026-11-20T00:00:00Z' });
    await db()
      .update(accounts)
      .set({ disabledAt: new Date('2026-11-21T00:00:00Z') })
      .where(eq(accounts.id, disabled.account.id));
    await sendDueDigests(contextAt(MONDAY_0800_MADRID));
    for (const [who, reason] of [
      [lockedOut, 'two_factor_required'],
      [disabled, 'no_account'],
    ] as const) {
      expect(await deliveriesOf(who.user.id)).toEqual([
        expect.objectContaining({ status: 'skipped', skipReason: reason }),
      ]);
      expect(await mailsTo(who.user.email)).toEqual([]);
    }
    // Once they set 2FA up, the next period is built for them again (it has no data, so no mail).
    await db().update(users).set({ totpEnabled: true }).where(eq(users.id, lockedOut.user.id));
    await sendDueDigests(contextAt('2026-11-30T07:00:00Z'));
    expect(await mailsTo(lockedOut.user.email)).toHaveLength(0);
    expect((await deliveriesOf(lockedOut.user.id)).map((row) => row.skipReason).sort()).toEqual([
      'no_data',
      'two_factor_required',
    ]);
  });

  it('writes the mail in the user’s language, with the period’s rows attached when asked', async () => {
    const { user } = await subscriber({ locale: 'es', csv: true, optedIn: '2026-11-20T00:00:00Z' });
    await sendDueDigests(contextAt(MONDAY_0800_MADRID));
    const [mail] = await mailsTo(user.email);
    expect(mail?.locale).toBe('es');
    expect(mail?.subject).toContain('semanal');
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: 'report-2026-11-16-to-2026-11-22.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    expect(mail?.attachments?.[0]?.content.trim().split('\r\n')).toHaveLength(3);
  });

  it('sends once though a crash interrupts it after the mail was written: the transaction takes both back', async () => {
    const { user } = await subscriber({ optedIn: '2026-11-20T00:00:00Z' });
    const healthy = contextAt(MONDAY_0800_MADRID);
    // The mail row is written, then the process "dies" before the delivery is marked.
    const crashing: MailTransport = {
      async send(mail, tx) {
        await healthy.mail.send(mail, tx);
        throw new Error('killed between the mail and the mark');
      },
    };
    await sendDueDigests(contextAt(MONDAY_0800_MADRID, crashing));
    expect(await mailsTo(user.email)).toEqual([]);
    const [pending] = await deliveriesOf(user.id);
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'killed between the mail and the mark',
    });

    // A restarted instance, after the back-off: one mail; and a second restart sends nothing more.
    const later = new Date(new Date(MONDAY_0800_MADRID).getTime() + 60_000);
    await sendDueDigests(contextAt(later));
    await sendDueDigests(contextAt(later));
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await deliveriesOf(user.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives a digest up after repeated failures, for the operator to see', async () => {
    const { user } = await subscriber({ optedIn: '2026-11-20T00:00:00Z' });
    const broken: MailTransport = {
      send: () => Promise.reject(new Error('SMTP relay refused')),
    };
    let at = new Date(MONDAY_0800_MADRID).getTime();
    for (let attempt = 0; attempt < DIGEST_MAX_ATTEMPTS + 2; attempt += 1) {
      const run = await sendDueDigests(contextAt(new Date(at), broken));
      expect(run.sent).toBe(0);
      at += 2 * 60 * 60_000;
    }
    const [row] = await deliveriesOf(user.id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: DIGEST_MAX_ATTEMPTS,
      lastError: 'SMTP relay refused',
    });
    expect(row?.finishedAt).not.toBeNull();
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('sends each digest once when two instances run the job at the same moment', async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, () => subscriber({ optedIn: '2026-11-20T00:00:00Z' })),
    );
    const runs = await Promise.all([
      sendDueDigests(contextAt(MONDAY_0800_MADRID)),
      sendDueDigests(contextAt(MONDAY_0800_MADRID)),
      runReportDigests(contextAt(MONDAY_0800_MADRID)),
    ]);
    expect(runs.length).toBe(3);
    for (const { user } of people) expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('keeps time in UTC for a user who never set a zone', async () => {
    const { user } = await subscriber({ timezone: null, optedIn: '2026-11-20T00:00:00Z' });
    await scheduleDueDigests(contextAt('2026-11-23T07:59:00Z'), new Date('2026-11-23T07:59:00Z'));
    expect(await deliveriesOf(user.id)).toEqual([]);
    await scheduleDueDigests(contextAt('2026-11-23T08:00:00Z'), new Date('2026-11-23T08:00:00Z'));
    expect((await deliveriesOf(user.id))[0]?.dueAt.toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('looks at a subscriber only when due, and again as soon as what decides their digest changes', async () => {
    const { user } = await subscriber();
    const dueAt = async () => {
      const [row] = await db()
        .select({ at: notificationSettings.digestDueAt })
        .from(notificationSettings)
        .where(
          and(
            eq(notificationSettings.userId, user.id),
            eq(notificationSettings.name, 'report_digest'),
          ),
        );
      const at = row?.at.toISOString() ?? null;
      // The epoch: looked at by the next tick.
      return at === '1970-01-01T00:00:00.000Z' ? null : at;
    };
    const forget = () => db().delete(digestDeliveries).where(eq(digestDeliveries.userId, user.id));
    expect(await dueAt()).toBeNull();
    expect(
      await scheduleDueDigests(contextAt(MONDAY_0800_MADRID), new Date(MONDAY_0800_MADRID)),
    ).toBeGreaterThan(0);
    // Next Monday, 08:00 in Madrid.
    expect(await dueAt()).toBe('2026-11-30T07:00:00.000Z');

    // Not due: the tick does not read the row, so a claim gone missing is not made again...
    await forget();
    const later = '2026-11-25T12:00:00Z';
    await scheduleDueDigests(contextAt(later), new Date(later));
    expect(await deliveriesOf(user.id)).toEqual([]);
    // ...until the subscriber's zone changes, which puts them back for the next tick.
    await db().update(users).set({ timezone: 'America/New_York' }).where(eq(users.id, user.id));
    expect(await dueAt()).toBeNull();
    await scheduleDueDigests(contextAt(later), new Date(later));
    expect((await deliveriesOf(user.id)).map((row) => row.periodKey)).toEqual([
      'weekly:2026-11-16',
    ]);
    expect(await dueAt()).toBe('2026-11-30T13:00:00.000Z');

    // The frequency and the setting turned off and on do the same; an unrelated change does not.
    await db().update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));
    expect(await dueAt()).not.toBeNull();
    await db().update(users).set({ digestFrequency: 'daily' }).where(eq(users.id, user.id));
    expect(await dueAt()).toBeNull();
    await scheduleDueDigests(contextAt(later), new Date(later));
    // Daily now: 08:00 in New York today, an hour after `later`.
    expect(await dueAt()).toBe('2026-11-25T13:00:00.000Z');
    await updateNotifications(db(), user.id, { report_digest: true }, new Date(later));
    expect(await dueAt()).not.toBeNull();
    await updateNotifications(db(), user.id, { report_digest: false }, new Date(later));
    await updateNotifications(db(), user.id, { report_digest: true }, new Date(later));
    expect(await dueAt()).toBeNull();

    // A disabled user waits until the flag changes back.
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    await scheduleDueDigests(contextAt(later), new Date(later));
    expect(await dueAt()).toBe('9999-12-31T00:00:00.000Z');
    await db().update(users).set({ disabled: false }).where(eq(users.id, user.id));
    expect(await dueAt()).toBeNull();
  });

  it('has the admin command look at everyone at its moment, changing no schedule', async () => {
    const { user } = await subscriber();
    await scheduleDueDigests(contextAt(MONDAY_0800_MADRID), new Date(MONDAY_0800_MADRID));
    await db().delete(digestDeliveries).where(eq(digestDeliveries.userId, user.id));
    const later = '2026-11-25T12:00:00Z';
    await sendDueDigests(contextAt(later));
    expect((await deliveriesOf(user.id)).map((row) => row.periodKey)).toEqual([
      'weekly:2026-11-16',
    ]);
    const [row] = await db()
      .select({ at: notificationSettings.digestDueAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    expect(row?.at.toISOString()).toBe('2026-11-30T07:00:00.000Z');
  });
});
