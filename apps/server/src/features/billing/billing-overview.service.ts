import { eq } from 'drizzle-orm';
import type { BillingOverview, PaymentState } from '@partner-portal/shared/billing';
import {
  findPlan,
  PlanIdSchema,
  planAmountCents,
  planUnitCents,
  SubscriptionStatusSchema,
  type PlanId,
} from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/auth-guard';
import type { SubscriptionSnapshot } from '../../lib/billing-provider';
import { countSeats } from './billing-customer';
import { refreshLiveSubscription } from './subscription-record';
import { actionOf } from './upgrade.service';

function paymentStateOf(
  status: string,
  snapshot: SubscriptionSnapshot | null,
): PaymentState | null {
  if (status === 'canceled') return 'canceled';
  const waiting = snapshot?.waitingPayment;
  if (!waiting || snapshot?.status !== 'past_due') return null;
  return waiting.state;
}

/**
 * GET /api/account/billing (owner): the plan and what it costs, the period, the next invoice,
 * a scheduled change, the card, and why the subscription needs the owner (docs/product.md#states-and-transitions billing
 * messages). A paying account's subscription is read from the provider, which is the truth, and
 * the app's copy refreshed with it.
 */
export async function getBillingOverview(ctx: AppContext, actor: Actor): Promise<BillingOverview> {
  const [account] = await ctx.db
    .select({
      plan: accounts.plan,
      status: accounts.subscriptionStatus,
      customerId: accounts.billingCustomerId,
    })
    .from(accounts)
    .where(eq(accounts.id, actor.accountId))
    .limit(1);
  if (!account) throw new AppError('not_found', 'error.not_found');
  const refreshed = await refreshLiveSubscription(ctx, actor.accountId);
  const snapshot = refreshed?.snapshot ?? null;
  const state: { plan: PlanId; status: string } = refreshed?.state
    ? { plan: refreshed.state.plan, status: refreshed.state.subscription }
    : {
        plan: PlanIdSchema.safeParse(account.plan).data ?? 'free_core',
        status: account.status ?? 'active',
      };
  const plan = findPlan(state.plan) ?? findPlan('free_core');
  if (!plan) throw new Error('catalogue has no free plan');
  const seats = plan.perSeat ? await countSeats(ctx, actor.accountId) : null;
  const live = snapshot && ['active', 'trialing', 'past_due'].includes(snapshot.status);
  const nextPlan = snapshot?.cancelAtPeriodEnd
    ? null
    : findPlan(snapshot?.scheduledPlan ?? plan.id);
  const amount = planAmountCents(plan, seats ?? 1);
  const action = snapshot?.waitingPayment ? actionOf(snapshot.waitingPayment) : null;
  return {
    provider: ctx.billing.kind,
    publishable_key: ctx.billing.publishableKey,
    plan: plan.id,
    status: SubscriptionStatusSchema.safeParse(state.status).data ?? 'active',
    amount,
    currency: plan.currency.code,
    interval: plan.interval,
    seats: seats
      ? {
          count: seats,
          price: planUnitCents(plan),
          cycle_end: snapshot ? snapshot.periodEnd.toISOString() : null,
        }
      : null,
    period:
      snapshot && live
        ? { start: snapshot.periodStart.toISOString(), end: snapshot.periodEnd.toISOString() }
        : null,
    next_invoice:
      snapshot && live && nextPlan
        ? {
            date: snapshot.periodEnd.toISOString(),
            amount: planAmountCents(nextPlan, seats ?? snapshot.quantity),
          }
        : null,
    cancel_at_period_end: snapshot?.cancelAtPeriodEnd ?? false,
    scheduled_plan: snapshot?.cancelAtPeriodEnd ? 'free_core' : (snapshot?.scheduledPlan ?? null),
    payment_state: paymentStateOf(state.status, snapshot),
    pending_action: action,
    card: account.customerId ? await ctx.billing.getDefaultCard(account.customerId) : null,
  };
}
