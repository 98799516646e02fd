import { and, eq } from 'drizzle-orm';
import { isPlusEligible, entitledPlan } from '@partner-portal/shared/plan-rules';
import { PlanIdSchema, SubscriptionStatusSchema } from '@partner-portal/shared/plans';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import type { AlertMetric } from '@partner-portal/shared/alerts';
import { accounts, accountUsers, alertEvents, alerts } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { addDays } from '../../lib/utc-days';
import { dataRange, trend } from '../analytics/report-queries';
import { memberReportScope } from '../analytics/report-scope.service';
import { evaluateCondition, historyDays, nextState, type DayTotals } from './alert-condition';
import { notifyTriggered } from './alert-notify';

export type AlertRow = typeof alerts.$inferSelect;

/** The sums of each day from `from` to `to`, a day without rows as zeros. */
function denseDays(from: string, to: string, rows: { date: string }[]): DayTotals[] {
  const byDate = new Map(rows.map((row) => [row.date, row as DayTotals]));
  const days: DayTotals[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push(
      byDate.get(day) ?? {
        date: day,
        impressions: 0,
        clicks: 0,
        conversions: 0,
        revenue: 0,
        payout: 0,
      },
    );
  }
  return days;
}

/** The owner's membership as it is now, and whether it still sees Plus data. */
async function ownerAccess(ctx: AppContext, alert: AlertRow) {
  const [row] = await ctx.db
    .select({
      permission: accountUsers.permission,
      advertiserName: accountUsers.advertiserName,
      enablePlus: accountUsers.enablePlus,
      plan: accounts.plan,
      status: accounts.subscriptionStatus,
      closedAt: accounts.closedAt,
    })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.accountId, alert.accountId), eq(accountUsers.userId, alert.userId)));
  if (!row || row.closedAt) return null;
  const permission = PermissionSchema.parse(row.permission);
  const plan = entitledPlan(
    permission,
    PlanIdSchema.safeParse(row.plan).data,
    SubscriptionStatusSchema.safeParse(row.status).data,
  );
  if (!isPlusEligible({ permission, plan, enable_plus: row.enablePlus })) return null;
  return { ...row, permission };
}

export type EvaluationOutcome = 'triggered' | 'cleared' | 'stopped' | 'unchanged' | 'no_data';

/**
 * Evaluates one alert as its owner on the last day with data up to `asOfDay`
 * (docs/product.md#metric-alerts): the rows they may see now (an advertiser's own, filtered as
 * the alert says), the condition, then the state, its history and the notice, in one
 * transaction that first locks the alert, so two evaluations at once tell it once.
 */
export async function evaluateAlert(
  ctx: AppContext,
  alert: AlertRow,
  asOfDay: string,
): Promise<EvaluationOutcome> {
  const now = ctx.now();
  const access = await ownerAccess(ctx, alert);
  if (!access) return stop(ctx, alert, asOfDay);
  const scope = memberReportScope(alert.accountId, access.permission, access.advertiserName);
  const range = await dataRange(ctx.db, scope);
  if (!range || range.from > asOfDay) return 'no_data';
  const day = range.to < asOfDay ? range.to : asOfDay;
  const from = addDays(day, 1 - historyDays(alert.condition));
  const rows = await trend(ctx.db, scope, { from, to: day, ...alert.filters });
  const result = evaluateCondition(
    alert.metric as AlertMetric,
    alert.condition,
    denseDays(from, day, rows),
  );
  if (!result) return 'no_data';
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(alerts).where(eq(alerts.id, alert.id)).for('update');
    if (!current) return 'unchanged';
    const next = nextState(current.state === 'triggered' ? 'triggered' : 'ok', result.met);
    const snoozed = current.snoozedUntil !== null && current.snoozedUntil > now;
    await tx
      .update(alerts)
      .set({
        state: next.state,
        lastValue: result.value,
        lastDay: day,
        ...(next.event === 'triggered' ? { lastTriggeredAt: now } : {}),
      })
      .where(eq(alerts.id, alert.id));
    if (!next.event) return 'unchanged';
    const notified = next.event === 'triggered' && !snoozed;
    await tx.insert(alertEvents).values({
      alertId: alert.id,
      at: now,
      day,
      event: next.event,
      value: result.value,
      comparison: result.comparison,
      notified,
    });
    if (notified) await notifyTriggered({ ...ctx, db: tx }, current, day, result);
    return next.event;
  });
}

/** An alert whose owner can no longer see its data stops, once, until they can again. */
async function stop(ctx: AppContext, alert: AlertRow, day: string): Promise<EvaluationOutcome> {
  return ctx.db.transaction(async (tx) => {
    const [stopped] = await tx
      .update(alerts)
      .set({ state: 'stopped' })
      .where(and(eq(alerts.id, alert.id), eq(alerts.state, alert.state)))
      .returning({ state: alerts.state });
    if (!stopped || alert.state === 'stopped') return 'unchanged';
    await tx.insert(alertEvents).values({
      alertId: alert.id,
      at: ctx.now(),
      day,
      event: 'stopped',
      value: null,
      comparison: null,
      notified: false,
    });
    return 'stopped';
  });
}
