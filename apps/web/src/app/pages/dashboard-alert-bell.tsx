import type { ReactNode } from 'react';
import { SetAlertButton } from '@/features/alerts/components/set-alert-button';
import { useAlertsEntitled } from '@/features/alerts/components/use-alerts-entitled';
import { useDashboardFocus } from '@/features/dashboards/api/use-dashboard-focus';
import { paths } from '../route-table';

/**
 * The dashboards' bell, for the page header: "Set an alert" on what the page's address narrows
 * the workbook to, for members whose plan has alerts (null for the others).
 */
export function useDashboardAlertBell(): ReactNode {
  const { entitled } = useAlertsEntitled();
  const { focus } = useDashboardFocus();
  return entitled ? (
    <SetAlertButton filters={focus.filters} alertsPath={paths.accountAlerts} />
  ) : null;
}
