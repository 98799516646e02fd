import { setImmediate } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { isTimeZone, type DigestFrequency } from '@partner-portal/shared/digests';
import { digestDeliveries, notificationSettings, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { retryDelayMs } from '../../lib/mail/mail-dispatcher';
import type { OutgoingMail } from '../../lib/mail/mail-transport';
import { isNotificationActive } from '../notifications/notification-settings.service';
import { composeDigestMail, digestRecipient, type DigestSkipReason } from './digest-mail.service';
import { latestDuePeriod, nextPeriod, type DigestPeriod } from './digest-periods';

/**
 * How long one tick of the background job goes on sending digests; the next tick takes the rest.
 * One at a time, with the event loop's other work between two (a digest's queries and rendering
 * are its own), so 10,000 due on a Monday morning go out within minutes without holding the API's
 * requests back, and the tick's other jobs wait at most this long (docs/scaling.md).
 */
const TICK_BUDGET_MS = 15_000;
/** Failed tries after which a digest is given up (status `failed`) for the operator. */
export const DIGEST_MAX_ATTEMPTS = 5;

/** The zone a digest keeps time in: the user's, or UTC while they have not set one. */
export function digestZone(timezone: string | null): string {
  return timezone && isTimeZone(timezone) ? timezone : 'UTC';
}

/** Subscribers one scheduling query reads; a tick reads batches until none is due. */
const SCHEDULE_BATCH = 2_000;
/** Where a disabled subscriber waits (a change of the flag sets their row back to null). */
const NEVER = new Date('9999-12-31T00:00:00Z');

/**
 * Claims each opted-in user's latest due period by inserting its row; the unique (user, period)
 * key makes this idempotent across ticks and instances. Only periods due after the user opted
 * in are owed — turning digests on at 10:00 does not mail that morning's — and a period missed
 * while no instance ran is still sent, but only the latest one, never a backlog.
 *
 * A tick reads only the subscribers due (`digest_due_at` past: a range on a partial index), and
 * moves each one's to their next period's send time: with nothing due it reads no row, however
 * many subscribers there are. `everyone` (the admin command's `--as-of`, any instant) reads all
 * of them and leaves their times alone, so a run at another moment changes no schedule.
 */
export async function scheduleDueDigests(
  ctx: AppContext,
  now: Date,
  options: { everyone?: boolean } = {},
): Promise<number> {
  let inserted = 0;
  let after: string | null = null;
  for (;;) {
    const subscribers = await ctx.db
      .select({
        settingId: notificationSettings.id,
        userId: users.id,
        frequency: users.digestFrequency,
        timezone: users.timezone,
        disabled: users.disabled,
        optedInAt: notificationSettings.updatedAt,
      })
      .from(notificationSettings)
      .innerJoin(users, eq(users.id, notificationSettings.userId))
      .where(
        and(
          eq(notificationSettings.name, 'report_digest'),
          eq(notificationSettings.active, true),
          options.everyone ? undefined : lte(notificationSettings.digestDueAt, now),
          after === null ? undefined : gt(notificationSettings.id, after),
        ),
      )
      // In due order, the partial index's own: with nothing due the scan ends at its first
      // entry, whatever the planner's statistics say. Rows looked at leave the range (their
      // time moves on), so the next batch is the next rows due; `everyone` pages by id.
      .orderBy(
        options.everyone ? asc(notificationSettings.id) : asc(notificationSettings.digestDueAt),
      )
      .limit(SCHEDULE_BATCH);
    inserted += await claimDuePeriods(ctx, now, subscribers, !options.everyone);
    if (subscribers.length < SCHEDULE_BATCH) return inserted;
    if (options.everyone) after = subscribers[subscribers.length - 1]!.settingId;
  }
}

async function claimDuePeriods(
  ctx: AppContext,
  now: Date,
  subscribers: {
    settingId: string;
    userId: string;
    frequency: DigestFrequency;
    timezone: string | null;
    disabled: boolean;
    optedInAt: Date;
  }[],
  reschedule: boolean,
): Promise<number> {
  const owed = [];
  // Subscribers by the time they are next due: most share one per frequency and zone.
  const nextDue = new Map<number, string[]>();
  // A period takes a few time-zone conversions: once per frequency and zone, not per person.
  const periods = new Map<string, { due: DigestPeriod; next: Date }>();
  for (const subscriber of subscribers) {
    const zone = digestZone(subscriber.timezone);
    const key = `${subscriber.frequency} ${zone}`;
    let period = periods.get(key);
    if (!period) {
      period = {
        due: latestDuePeriod(subscriber.frequency, zone, now),
        next: nextPeriod(subscriber.frequency, zone, now).sendAt,
      };
      periods.set(key, period);
    }
    const due = subscriber.disabled ? NEVER : period.next;
    const group = nextDue.get(due.getTime());
    if (group) group.push(subscriber.settingId);
    else nextDue.set(due.getTime(), [subscriber.settingId]);
    if (subscriber.disabled || period.due.sendAt < subscriber.optedInAt) continue;
    owed.push({
      userId: subscriber.userId,
      periodKey: period.due.key,
      frequency: subscriber.frequency,
      periodFrom: period.due.from,
      periodTo: period.due.to,
      dueAt: period.due.sendAt,
      nextAttemptAt: now,
    });
  }
  let inserted = 0;
  if (owed.length > 0) {
    const rows = await ctx.db
      .insert(digestDeliveries)
      .values(owed)
      .onConflictDoNothing({ target: [digestDeliveries.userId, digestDeliveries.periodKey] })
      .returning({ id: digestDeliveries.id });
    inserted = rows.length;
  }
  // After the claims: a crash between the two only makes the next tick look again.
  if (reschedule) {
    for (const [due, ids] of nextDue) {
      await ctx.db
        .update(notificationSettings)
        .set({ digestDueAt: new Date(due) })
        .where(inArray(notificationSettings.id, ids));
    }
  }
  return inserted;
}

/** 'elsewhere': another instance took it over (our lease ran out); 'none': nothing was due. */
type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'elsewhere' | 'none';
type DeliveryRow = typeof digestDeliveries.$inferSelect;

/**
 * How long a taken digest is this instance's: past it, a crash's leftover is taken again. Far
 * longer than building one takes (a few report queries).
 */
const LEASE_MS = 5 * 60_000;

/**
 * Takes one due digest, the outbox's way: claimed with FOR UPDATE SKIP LOCKED and a lease (so
 * another instance takes another), built outside any transaction (the report queries), then
 * queued in the mail outbox and marked sent in one transaction — only if the claim still holds.
 * A crash anywhere leaves either both or neither, so the mail goes out once. 'none': nothing due.
 */
async function deliverOne(ctx: AppContext, now: Date): Promise<DeliveryOutcome> {
  const claimed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(digestDeliveries)
      .where(and(eq(digestDeliveries.status, 'pending'), lte(digestDeliveries.nextAttemptAt, now)))
      .orderBy(asc(digestDeliveries.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const lease = { attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + LEASE_MS) };
    await tx.update(digestDeliveries).set(lease).where(eq(digestDeliveries.id, row.id));
    return { ...row, ...lease };
  });
  if (!claimed) return 'none';
  try {
    const outcome = await composeFor(ctx, claimed, now);
    return await ctx.db.transaction(async (tx) => {
      // Still ours: not finished, and not taken again by an instance that saw the lease run out.
      const [held] = await tx
        .select({ id: digestDeliveries.id })
        .from(digestDeliveries)
        .where(
          and(
            eq(digestDeliveries.id, claimed.id),
            eq(digestDeliveries.status, 'pending'),
            eq(digestDeliveries.attempts, claimed.attempts),
          ),
        )
        .for('update');
      if (!held) return 'elsewhere';
      if ('mail' in outcome) await ctx.mail.send(outcome.mail, tx);
      await tx
        .update(digestDeliveries)
        .set({
          status: 'mail' in outcome ? 'sent' : 'skipped',
          skipReason: 'reason' in outcome ? outcome.reason : null,
          accountId: 'mail' in outcome ? outcome.accountId : null,
          lastError: null,
          finishedAt: now,
        })
        .where(eq(digestDeliveries.id, claimed.id));
      return 'mail' in outcome ? 'sent' : 'skipped';
    });
  } catch (error) {
    // Whatever was under way rolled back: nothing was queued. Retry later, or give up.
    await recordFailure(ctx, claimed, now, error);
    return 'failed';
  }
}

/** The digest's mail, or why there is none — read outside any transaction. */
async function composeFor(
  ctx: AppContext,
  row: DeliveryRow,
  now: Date,
): Promise<{ mail: OutgoingMail; accountId: string } | { reason: DigestSkipReason }> {
  // Unsubscribed since the period was claimed (the link, or the settings screen).
  if (!(await isNotificationActive(ctx.db, row.userId, 'report_digest'))) {
    return { reason: 'unsubscribed' };
  }
  const recipient = await digestRecipient(ctx.db, row.userId, now);
  if (typeof recipient === 'string') return { reason: recipient };
  const period = { key: row.periodKey, from: row.periodFrom, to: row.periodTo, sendAt: row.dueAt };
  const mail = await composeDigestMail(ctx.db, ctx.config, recipient, period, row.frequency);
  return mail ? { mail, accountId: recipient.account.id } : { reason: 'no_data' };
}

/** A try that threw: retried later (the mail outbox's back-off), or given up and logged. */
async function recordFailure(ctx: AppContext, row: DeliveryRow, now: Date, error: unknown) {
  const { attempts } = row;
  const givenUp = attempts >= DIGEST_MAX_ATTEMPTS;
  const message = error instanceof Error ? error.message : String(error);
  await ctx.db
    .update(digestDeliveries)
    .set({
      attempts,
      lastError: message.slice(0, 1000),
      status: givenUp ? 'failed' : 'pending',
      finishedAt: givenUp ? now : null,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
    })
    // Only the try this instance made: another may have taken the row since.
    .where(
      and(
        eq(digestDeliveries.id, row.id),
        eq(digestDeliveries.status, 'pending'),
        eq(digestDeliveries.attempts, attempts),
      ),
    );
  const fields = { err: error, digest: row.id, user: row.userId, attempts };
  if (givenUp) ctx.log.error(fields, 'report digest given up after repeated failures');
  else ctx.log.warn(fields, 'report digest failed; it will be retried');
}

export interface DigestRun {
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * Sends what is due, until nothing is or `budgetMs` of wall time has gone; answers what became
 * of them.
 */
export async function deliverDueDigests(
  ctx: AppContext,
  now: Date,
  budgetMs = Number.POSITIVE_INFINITY,
): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, skipped: 0, failed: 0 };
  const started = performance.now();
  while (performance.now() - started < budgetMs) {
    const outcome = await deliverOne(ctx, now);
    if (outcome === 'none') break;
    if (outcome !== 'elsewhere') run[outcome] += 1;
    // Requests that arrived while this digest was rendered go first.
    await setImmediate();
  }
  return run;
}

/** The background job: claim what fell due, then send it for at most TICK_BUDGET_MS. */
export async function runReportDigests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  await scheduleDueDigests(ctx, now);
  return (await deliverDueDigests(ctx, now, TICK_BUDGET_MS)).sent;
}

/** Everything due at `ctx.now()`, to the end (`npm run admin -- send-digests`). */
export function sendDueDigests(ctx: AppContext): Promise<DigestRun> {
  const now = ctx.now();
  return scheduleDueDigests(ctx, now, { everyone: true }).then(() => deliverDueDigests(ctx, now));
}
