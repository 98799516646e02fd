import { hasInsights } from '@partner-portal/shared/insight-rules';
import { entitledPlan, nextPlanUp } from '@partner-portal/shared/plan-rules';
import { useDashboardFocus } from '@/features/dashboards/api/use-dashboard-focus';
import { InsightsPanel } from '@/features/insights/components/insights-panel';
import { useSession } from '@/lib/session-store';
import { DashboardView } from '@/features/dashboards/components/dashboard-view';
import { NextPlanOffer } from '@/features/dashboards/components/next-plan-offer';

/**
 * A dashboard with what goes beside its workbook, decided from the plan the session holds: the
 * Insights panel on a plan with insights (above the workbook where the two do not fit side by
 * side); otherwise the next plan up as an offer, below it, and no insights request the server
 * would only refuse (docs/insights.md "Who sees what"). An advertiser user is offered nothing:
 * the plan is the partner's to choose.
 */
export function DashboardWithSide({ kind }: { kind: 'core' | 'plus' }) {
  const session = useSession();
  const { open: openInDashboard } = useDashboardFocus();
  if (!session) return <DashboardView kind={kind} />;
  const plan = entitledPlan(session.permission, session.plan, session.subscription);
  if (hasInsights(plan)) {
    return (
      <DashboardView
        kind={kind}
        beside={(workbook) => (
          <InsightsPanel workbookId={workbook.workbookId} onOpenInDashboard={openInDashboard} />
        )}
      />
    );
  }
  const offer = plan ? nextPlanUp(plan) : 'free_plus';
  if (!offer || session.permission === 'advertiser') return <DashboardView kind={kind} />;
  return (
    <DashboardView
      kind={kind}
      besideBelow
      beside={() => <NextPlanOffer plan={offer} permission={session.permission} />}
    />
  );
}
