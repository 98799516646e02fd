import { eq, inArray, lte } from 'drizzle-orm';
import { alerts, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { alertZone, dayClosedAt, lastClosedDay, nextDayClose } from './alert-close';
import { evaluateAlert, type AlertRow, type EvaluationOutcome } from './alert-evaluation.service';

/** Alerts one claim takes; a tick claims until none is due. */
const BATCH = 200;
/** The last day with data, whatever it is: what an evaluation after an import reads. */
const LATEST = '9999-12-31';

async function evaluateEach(
  ctx: AppContext,
  rows: { alert: AlertRow; day: string }[],
): Promise<number> {
  let fired = 0;
  for (const { alert, day } of rows) {
    let outcome: EvaluationOutcome;
    try {
      outcome = await evaluateAlert(ctx, alert, day);
    } catch (error) {
      ctx.log.error({ err: error, alert: alert.id }, 'alert evaluation failed');
      continue;
    }
    if (outcome === 'triggered') fired += 1;
  }
  return fired;
}

/**
 * Each alert at the close of its owner's day (docs/product.md#metric-alerts), once: the claim
 * moves every due alert's next close on in the statement that takes it (FOR UPDATE SKIP
 * LOCKED), so of two instances ticking together each takes its own. Answers how many fired.
 */
export async function runAlertCloses(ctx: AppContext): Promise<number> {
  let fired = 0;
  for (;;) {
    const now = ctx.now();
    const due = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ alert: alerts, timezone: users.timezone })
        .from(alerts)
        .innerJoin(users, eq(users.id, alerts.userId))
        .where(lte(alerts.nextCloseAt, now))
        .orderBy(alerts.nextCloseAt)
        .limit(BATCH)
        .for('update', { of: alerts, skipLocked: true });
      for (const row of rows) {
        await tx
          .update(alerts)
          .set({ nextCloseAt: nextDayClose(now, alertZone(row.timezone)) })
          .where(eq(alerts.id, row.alert.id));
      }
      return rows.map((row) => ({
        alert: row.alert,
        day: dayClosedAt(row.alert.nextCloseAt, alertZone(row.timezone)),
      }));
    });
    fired += await evaluateEach(ctx, due);
    if (due.length < BATCH) return fired;
  }
}

/** After an import: the account's alerts on the newest data, each read as its owner. */
export async function evaluateAccountAlerts(ctx: AppContext, accountId: string): Promise<number> {
  const rows = await ctx.db.select().from(alerts).where(eq(alerts.accountId, accountId));
  return evaluateEach(
    ctx,
    rows.map((alert) => ({ alert, day: LATEST })),
  );
}

/**
 * `npm run admin -- evaluate-alerts --as-of <instant>`: every alert (or one account's) on the
 * day that had last closed at that instant in its owner's zone; schedules are left alone.
 */
export async function evaluateAlertsAsOf(
  ctx: AppContext,
  asOf: Date,
  accountIds?: string[],
): Promise<{ evaluated: number; fired: number }> {
  const rows = await ctx.db
    .select({ alert: alerts, timezone: users.timezone })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(accountIds ? inArray(alerts.accountId, accountIds) : undefined);
  const fired = await evaluateEach(
    ctx,
    rows.map((row) => ({
      alert: row.alert,
      day: lastClosedDay(asOf, alertZone(row.timezone)),
    })),
  );
  return { evaluated: rows.length, fired };
}
