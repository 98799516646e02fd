import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  ALERT_HISTORY_MAX,
  ALERT_SNOOZE_MAX_DAYS,
  ALERTS_PER_MEMBER_MAX,
  RATIO_METRICS,
  type Alert,
  type AlertChannel,
  type AlertCondition,
  type AlertHistoryEntry,
  type AlertList,
  type AlertMetric,
} from '@partner-portal/shared/alerts';
import { hasInsights } from '@partner-portal/shared/insight-rules';
import {
  entitledPlan,
  isPlusEligible,
  WEBHOOKS_PLAN,
  type PlanId,
} from '@partner-portal/shared/plan-rules';
import { PlanIdSchema, SubscriptionStatusSchema } from '@partner-portal/shared/plans';
import type { ReportFilters } from '@partner-portal/shared/report-data';
import { accounts, accountUsers, alertEvents, alerts, users } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { DAY_MS } from '../../lib/utc-days';
import { alertZone, nextDayClose } from './alert-close';

type AlertRow = typeof alerts.$inferSelect;

/** The member's plan for alerts: 402 naming Plus below it (an advertiser needs Plus turned on). */
async function requireAlertsPlan(ctx: AppContext, actor: Actor): Promise<PlanId> {
  const [row] = await ctx.db
    .select({
      plan: accounts.plan,
      status: accounts.subscriptionStatus,
      enablePlus: accountUsers.enablePlus,
    })
    .from(accounts)
    .innerJoin(accountUsers, eq(accountUsers.accountId, accounts.id))
    .where(and(eq(accounts.id, actor.accountId), eq(accountUsers.userId, actor.userId)));
  const plan = entitledPlan(
    actor.permission,
    PlanIdSchema.safeParse(row?.plan).data,
    SubscriptionStatusSchema.safeParse(row?.status).data,
  );
  const enablePlus = actor.permission === 'master' ? true : (row?.enablePlus ?? false);
  if (!plan || !isPlusEligible({ permission: actor.permission, plan, enable_plus: enablePlus })) {
    throw new AppError('payment_required', 'error.alerts_plan', { plan: WEBHOOKS_PLAN });
  }
  return plan;
}

function alertOf(row: AlertRow): Alert {
  return {
    id: row.id,
    name: row.name,
    metric: row.metric as AlertMetric,
    filters: row.filters,
    condition: row.condition,
    channels: row.channels as AlertChannel[],
    state: row.state,
    snoozed_until: row.snoozedUntil?.toISOString() ?? null,
    last_value: row.lastValue,
    last_day: row.lastDay,
    last_triggered_at: row.lastTriggeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The anomaly test is the insights engine's, which comes with Plus AI; never on a ratio. */
function checkCondition(plan: PlanId, metric: AlertMetric, condition: AlertCondition): void {
  if (condition.type !== 'anomaly') return;
  if (!hasInsights(plan)) {
    throw new AppError('payment_required', 'error.alerts_anomaly_plan', {
      plan: 'free_plus_ai',
      inputError: 'condition',
    });
  }
  if (RATIO_METRICS.includes(metric)) {
    throw new AppError('bad_request', 'error.alerts_anomaly_ratio', { inputError: 'metric' });
  }
}

async function ownAlert(ctx: AppContext, actor: Actor, id: string): Promise<AlertRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await ctx.db
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.id, id),
            eq(alerts.accountId, actor.accountId),
            eq(alerts.userId, actor.userId),
          ),
        )
    : [];
  if (!row) throw new AppError('not_found', 'error.not_found');
  return row;
}

async function ownerZone(ctx: AppContext, userId: string): Promise<string> {
  const [user] = await ctx.db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  return alertZone(user?.timezone ?? null);
}

export async function listAlerts(ctx: AppContext, actor: Actor): Promise<AlertList> {
  const plan = await requireAlertsPlan(ctx, actor);
  const rows = await ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.accountId, actor.accountId), eq(alerts.userId, actor.userId)))
    .orderBy(asc(alerts.createdAt));
  return { alerts: rows.map(alertOf), max: ALERTS_PER_MEMBER_MAX, anomaly: hasInsights(plan) };
}

export async function createAlert(
  ctx: AppContext,
  actor: Actor,
  input: {
    name: string;
    metric: AlertMetric;
    filters: ReportFilters;
    condition: AlertCondition;
    channels: AlertChannel[];
  },
): Promise<Alert> {
  const plan = await requireAlertsPlan(ctx, actor);
  checkCondition(plan, input.metric, input.condition);
  const now = ctx.now();
  const zone = await ownerZone(ctx, actor.userId);
  const row = await ctx.db.transaction(async (tx) => {
    // Counted under the member's row lock: two creations at once cannot both take the last place.
    await tx
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(
        and(eq(accountUsers.accountId, actor.accountId), eq(accountUsers.userId, actor.userId)),
      )
      .for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.accountId, actor.accountId), eq(alerts.userId, actor.userId)));
    if ((held?.n ?? 0) >= ALERTS_PER_MEMBER_MAX) {
      throw new AppError('conflict', 'error.alerts_limit', {
        params: { max: ALERTS_PER_MEMBER_MAX },
      });
    }
    const [created] = await tx
      .insert(alerts)
      .values({
        accountId: actor.accountId,
        userId: actor.userId,
        ...input,
        nextCloseAt: nextDayClose(now, zone),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return alertOf(row);
}

export async function updateAlert(
  ctx: AppContext,
  actor: Actor,
  id: string,
  patch: {
    name?: string | undefined;
    metric?: AlertMetric | undefined;
    filters?: ReportFilters | undefined;
    condition?: AlertCondition | undefined;
    channels?: AlertChannel[] | undefined;
    snoozed_until?: string | null | undefined;
  },
): Promise<Alert> {
  const plan = await requireAlertsPlan(ctx, actor);
  const before = await ownAlert(ctx, actor, id);
  const metric = patch.metric ?? (before.metric as AlertMetric);
  const condition = patch.condition ?? before.condition;
  checkCondition(plan, metric, condition);
  const now = ctx.now();
  let snoozedUntil: Date | null | undefined;
  if (patch.snoozed_until !== undefined) {
    snoozedUntil = patch.snoozed_until === null ? null : new Date(patch.snoozed_until);
    const latest = now.getTime() + ALERT_SNOOZE_MAX_DAYS * DAY_MS + 60_000;
    if (snoozedUntil && (snoozedUntil <= now || snoozedUntil.getTime() > latest)) {
      throw new AppError('bad_request', 'error.alerts_snooze', {
        inputError: 'snoozed_until',
        params: { days: ALERT_SNOOZE_MAX_DAYS },
      });
    }
  }
  // A changed rule starts over: it fires when its own condition first holds.
  const ruleChanged =
    patch.metric !== undefined || patch.condition !== undefined || patch.filters !== undefined;
  const [row] = await ctx.db
    .update(alerts)
    .set({
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.metric === undefined ? {} : { metric: patch.metric }),
      ...(patch.filters === undefined ? {} : { filters: patch.filters }),
      ...(patch.condition === undefined ? {} : { condition: patch.condition }),
      ...(patch.channels === undefined ? {} : { channels: patch.channels }),
      ...(snoozedUntil === undefined ? {} : { snoozedUntil }),
      ...(ruleChanged ? { state: 'ok' as const, lastValue: null, lastDay: null } : {}),
      updatedAt: now,
    })
    .where(eq(alerts.id, before.id))
    .returning();
  return alertOf(row!);
}

export async function deleteAlert(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await requireAlertsPlan(ctx, actor);
  const row = await ownAlert(ctx, actor, id);
  await ctx.db.delete(alerts).where(eq(alerts.id, row.id));
}

export async function alertHistory(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<AlertHistoryEntry[]> {
  await requireAlertsPlan(ctx, actor);
  const row = await ownAlert(ctx, actor, id);
  const events = await ctx.db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.alertId, row.id))
    .orderBy(desc(alertEvents.at), desc(alertEvents.id))
    .limit(ALERT_HISTORY_MAX);
  return events.map((event) => ({
    at: event.at.toISOString(),
    day: event.day,
    event: event.event,
    value: event.value,
    comparison: event.comparison,
    notified: event.notified,
  }));
}
