import { findPlan, planAmountCents, type PlanId } from '@partner-portal/shared/plans';
import type { AppContext } from '../../lib/app-context';
import { recordEvent } from '../../lib/events';
import { recordChange, type AuditBy } from '../../lib/audit';
import type { SubscriptionSnapshot } from '../../lib/billing-provider';
import { notifyOwner } from './billing-mail';
import { queueInvoicePaid, queuePlanChanged } from './billing-webhooks';
import { chargeOf } from './latest-charge';
import type { AccountPlanState, SubscriptionRow } from './subscription-record';

/**
 * Tells the owner what a recorded change did to the plan, comparing the app's previous copy
 * (`before`) with the provider's answer, so whoever records a change first — the request that
 * made it, the renewal job, a webhook — announces it, and nobody announces it twice.
 */
export async function announceChange(
  ctx: AppContext,
  before: SubscriptionRow,
  snapshot: SubscriptionSnapshot,
  state: AccountPlanState | null,
  by: AuditBy = 'system',
): Promise<void> {
  const accountId = before.accountId;
  const started = before.status === 'incomplete' && snapshot.status === 'active';
  const planMoved = before.status !== 'incomplete' && before.plan !== snapshot.plan;
  const ended = snapshot.status === 'canceled' && before.status !== 'canceled';
  if (!started && !planMoved && !ended) return;
  await recordEvent(ctx.db, {
    name: ended ? 'subscription_ended' : 'plan_changed',
    userId: by !== 'system' && 'actor' in by ? by.actor.userId : null,
    accountId,
    metadata: { plan: snapshot.plan, from: before.plan, status: snapshot.status },
  });
  // A renewal, a webhook or the reconciling job is the service acting: `system`.
  await recordChange(ctx.db, by, ctx.now(), {
    action: 'account.plan_changed',
    accountId,
    targetType: 'account',
    targetId: accountId,
    changes: {
      before: { plan: before.plan, status: before.status },
      after: { plan: ended ? 'free_core' : snapshot.plan, status: snapshot.status },
    },
  });
  const plan = findPlan(ended ? 'free_core' : snapshot.plan);
  const beforePlan = findPlan(before.plan);
  if (beforePlan && plan) {
    await queuePlanChanged(
      ctx,
      accountId,
      { plan: beforePlan.id, status: before.status },
      { plan: plan.id, status: snapshot.status },
    );
  }
  if (!ended) await queueInvoicePaid(ctx, accountId, snapshot);
  if (ended && state?.subscription === 'canceled') {
    await notifyOwner(ctx, accountId, {
      kind: 'subscription_canceled',
      plan: before.plan as PlanId,
    });
    return;
  }
  if (!plan) return;
  await notifyOwner(ctx, accountId, {
    kind: 'plan_updated',
    plan: plan.id,
    amount: planAmountCents(plan, snapshot.quantity),
    currency: plan.currency.code,
    charged: ended ? null : chargeOf(snapshot),
  });
}
