import { Navigate } from 'react-router';
import { isPlusEligible } from '@partner-portal/shared/plans';
import { useDashboardAlertBell } from './dashboard-alert-bell';
import { DashboardWithSide } from './dashboard-with-side';
import { useSession } from '@/lib/session-store';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

/**
 * docs/product.md#screens-and-routes "Plus dashboard": without Plus access, back to the core dashboard; a free_core
 * account lands there with the upgrade warning (docs/decisions/0006-dashboards.md).
 */
export default function DashboardPlusPage() {
  const session = useSession();
  const bell = useDashboardAlertBell();
  if (!session || !isPlusEligible(session)) {
    const upgrade = session?.plan === 'free_core' && session.permission !== 'advertiser';
    return (
      <Navigate
        replace
        to={upgrade ? `${paths.dashboardCore}?upgrade=plus` : paths.dashboardCore}
      />
    );
  }
  return (
    <Page titleKey="titles.dashboard_plus" actions={bell}>
      <DashboardWithSide kind="plus" />
    </Page>
  );
}
