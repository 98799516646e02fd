import { eq } from 'drizzle-orm';
import type {
  Charge,
  PaymentAction,
  PlanPreview,
  SelectPlanInput,
} from '@partner-portal/shared/billing';
import {
  billableSeats,
  findPlan,
  planAmountCents,
  planRank,
  type Plan,
  type PlanId,
} from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { recordEvent } from '../../lib/events';
import { withBillingLock } from './billing-lock';
import { notifyOwner } from './billing-mail';
import { quotedProrationDate, signQuote } from './plan-quote';
import {
  findOpenSubscription,
  isLive,
  recordSnapshot,
  type SubscriptionRow,
} from './subscription-record';
import { auditPaymentRefusal, settle } from './upgrade.service';

export interface PlanChangeResult {
  plan: PlanId;
  subscription: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';
  scheduled_plan: PlanId | null;
  effective_at: string | null;
  charged: Charge | null;
}

/** The paying subscription of the account and its provider id, if it has one. */
async function liveSubscriptionOf(ctx: AppContext, accountId: string) {
  const open = await findOpenSubscription(ctx.db, accountId);
  const providerId = open && isLive(open) ? open.providerSubscriptionId : null;
  return open && providerId ? { open, providerId } : null;
}

function recurringOf(plan: Plan, members: number): PlanPreview['recurring'] {
  return {
    amount: planAmountCents(plan, members),
    interval: plan.interval,
    seats: plan.perSeat ? billableSeats(plan, members) : null,
  };
}

/**
 * GET /api/account/plan/preview (owner): what `changePlan` to `planId` would do, changing
 * nothing. An upgrade is priced by the provider (its proration, to the cent) and answered with a
 * signed quote that holds that amount; a move down or to the free plan says when it takes effect
 * and what it costs from then.
 */
export async function previewPlanChange(
  ctx: AppContext,
  by: Caller,
  planId: PlanId,
): Promise<PlanPreview> {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('bad_request', 'error.bad_request', { inputError: 'plan' });
  const accountId = by.actor.accountId;
  const live = await liveSubscriptionOf(ctx, accountId);
  const now = ctx.now();
  if (!live) {
    if (plan.requiresCard) {
      throw new AppError('payment_required', 'error.plan_requires_payment', { plan: plan.id });
    }
    return {
      plan: plan.id,
      takes_effect: 'now',
      effective_at: now.toISOString(),
      currency: plan.currency.code,
      due_today: null,
      recurring: recurringOf(plan, 1),
      next_billing_date: null,
      quote: null,
    };
  }
  const { open, providerId } = live;
  const current = open.plan as PlanId;
  const periodEnd = open.currentPeriodEnd?.toISOString() ?? null;
  if (planRank(plan.id) <= planRank(current)) {
    return {
      plan: plan.id,
      // The current plan withdraws a scheduled change: nothing moves.
      takes_effect: plan.id === current ? 'now' : 'period_end',
      effective_at: plan.id === current ? now.toISOString() : (periodEnd ?? now.toISOString()),
      currency: plan.currency.code,
      due_today: null,
      recurring: recurringOf(plan, open.seats),
      next_billing_date: plan.requiresCard ? periodEnd : null,
      quote: null,
    };
  }
  const quote = await ctx.billing.previewUpgrade(providerId, plan.id);
  return {
    plan: plan.id,
    takes_effect: 'now',
    effective_at: quote.prorationDate.toISOString(),
    currency: quote.currency,
    due_today: { credit: quote.credit, charge: quote.charge, total: quote.charge - quote.credit },
    recurring: recurringOf(plan, open.seats),
    next_billing_date: quote.periodEnd.toISOString(),
    quote: signQuote(
      ctx.config.sessionSecret,
      {
        accountId,
        subscriptionId: providerId,
        from: current,
        to: plan.id,
        prorationDate: quote.prorationDate,
      },
      now,
    ),
  };
}

/** The proration date a quote holds for this upgrade, or none (the provider prorates as of now). */
function prorationDateOf(
  ctx: AppContext,
  quote: string | undefined,
  change: { accountId: string; subscriptionId: string; from: PlanId; to: PlanId },
): Date | undefined {
  return quote
    ? quotedProrationDate(ctx.config.sessionSecret, quote, change, ctx.now())
    : undefined;
}

/**
 * POST /api/account/plan {plan} (owner). Without a paid subscription: the free plan is set at
 * once, and any plan that needs a card answers 402 with the plan — the client opens the upgrade
 * screen. With one: a higher plan applies now, prorated (the cardholder may have to approve it);
 * a lower plan, or the free plan, from the period end, so the account keeps what it paid for; the
 * current plan withdraws a scheduled change or cancellation.
 */
export async function changePlan(
  ctx: AppContext,
  by: Caller,
  input: SelectPlanInput,
  /** The account whose plan changes: the owner's own, or one an operator names. */
  accountId: string = by.actor.accountId,
): Promise<PlanChangeResult | PaymentAction> {
  const plan = findPlan(input.plan);
  if (!plan) throw new AppError('bad_request', 'error.bad_request', { inputError: 'plan' });
  return withBillingLock(ctx, accountId, (locked) =>
    applyPlanChange(locked, by, plan, accountId, input.quote),
  );
}

/** changePlan under the account's billing lock (docs/billing.md "One billing lock per account"). */
async function applyPlanChange(
  ctx: AppContext,
  by: Caller,
  plan: Plan,
  accountId: string,
  quote: string | undefined,
): Promise<PlanChangeResult | PaymentAction> {
  const { actor } = by;
  const live = await liveSubscriptionOf(ctx, accountId);

  if (!live) {
    if (plan.requiresCard) {
      throw new AppError('payment_required', 'error.plan_requires_payment', { plan: plan.id });
    }
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ plan: accounts.plan, status: accounts.subscriptionStatus })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      await tx
        .update(accounts)
        .set({ plan: plan.id, subscriptionStatus: 'active' })
        .where(eq(accounts.id, accountId));
      await recordEvent(tx, {
        name: 'selected_plan',
        userId: actor.userId,
        accountId,
        metadata: { plan: plan.id },
      });
      await recordChange(tx, by, ctx.now(), {
        action: 'account.plan_changed',
        accountId,
        targetType: 'account',
        targetId: accountId,
        changes: {
          before: { plan: before?.plan ?? null, status: before?.status ?? null },
          after: { plan: plan.id, status: 'active' },
        },
      });
    });
    return {
      plan: plan.id,
      subscription: 'active',
      scheduled_plan: null,
      effective_at: null,
      charged: null,
    };
  }

  const { open, providerId } = live;
  const current = open.plan as PlanId;
  if (planRank(plan.id) > planRank(current)) {
    return upgradeLive(ctx, by, open, providerId, plan.id, quote);
  }
  return scheduleLive(ctx, by, open, providerId, plan);
}

/** A higher plan now, charged at the quoted proration date when the owner saw a preview. */
async function upgradeLive(
  ctx: AppContext,
  by: Caller,
  open: SubscriptionRow,
  providerId: string,
  plan: PlanId,
  quote: string | undefined,
): Promise<PlanChangeResult | PaymentAction> {
  const accountId = open.accountId;
  const current = open.plan as PlanId;
  const prorationDate = prorationDateOf(ctx, quote, {
    accountId,
    subscriptionId: providerId,
    from: current,
    to: plan,
  });
  // One key per quote (or per period without one): a repeat after the cardholder acts replays it.
  const moment = prorationDate ?? open.currentPeriodStart;
  const answer = await auditPaymentRefusal(
    ctx,
    by,
    { action: 'account.plan_changed', plan, accountId },
    async () =>
      settle(
        ctx,
        by,
        open,
        await ctx.billing.upgradeNow(
          providerId,
          plan,
          `upgrade:${providerId}:${current}:${plan}:${moment?.toISOString() ?? ''}`,
          prorationDate,
        ),
        plan,
      ),
  );
  if ('requires_payment_action' in answer) return answer;
  return { ...answer, scheduled_plan: null, effective_at: null };
}

/** A lower plan, or the free one, from the period end; the current plan withdraws either. */
async function scheduleLive(
  ctx: AppContext,
  by: Caller,
  open: SubscriptionRow,
  providerId: string,
  plan: Plan,
): Promise<PlanChangeResult> {
  const { actor } = by;
  const accountId = open.accountId;
  const current = open.plan as PlanId;
  const snapshot =
    plan.id === current
      ? await ctx.billing.schedulePlan(providerId, null)
      : plan.requiresCard
        ? await ctx.billing.schedulePlan(providerId, plan.id)
        : await ctx.billing.setCancelAtPeriodEnd(providerId, true);
  const scheduled = snapshot.cancelAtPeriodEnd ? 'free_core' : snapshot.scheduledPlan;
  // The notice and the event are saved with the change they tell of, or not at all.
  const state = await recordSnapshot(ctx.db, open, snapshot, ctx.now(), async (tx) => {
    if (scheduled) {
      await notifyOwner(inTransaction(ctx, tx), accountId, {
        kind: 'plan_scheduled',
        plan: scheduled,
        current,
        at: snapshot.periodEnd,
      });
    }
    await recordEvent(tx, {
      name: scheduled ? 'plan_change_scheduled' : 'plan_change_withdrawn',
      userId: actor.userId,
      accountId,
      metadata: { plan: scheduled ?? current },
    });
    await recordChange(tx, by, ctx.now(), {
      action: 'account.plan_scheduled',
      accountId,
      targetType: 'account',
      targetId: accountId,
      changes: {
        plan: current,
        scheduled: scheduled,
        effective_at: scheduled ? snapshot.periodEnd.toISOString() : null,
      },
    });
  });
  return {
    plan: state?.plan ?? current,
    subscription: state?.subscription ?? 'active',
    scheduled_plan: scheduled,
    effective_at: scheduled ? snapshot.periodEnd.toISOString() : null,
    charged: null,
  };
}
