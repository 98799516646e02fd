import { entitledPlan, includesWebhooks } from '@partner-portal/shared/plan-rules';
import { useSession } from '@/lib/session-store';

/**
 * Whether the signed-in member's plan has alerts: they start at the same plan as webhooks
 * (WEBHOOKS_PLAN), so the webhooks rule decides; below it the API answers 402.
 */
export function useAlertsEntitled() {
  const session = useSession();
  const plan = session
    ? entitledPlan(session.permission, session.plan, session.subscription)
    : null;
  return { session, entitled: includesWebhooks(plan) };
}
