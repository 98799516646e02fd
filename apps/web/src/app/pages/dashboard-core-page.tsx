import { UpcomingPage } from './upcoming-page';

export default function DashboardCorePage() {
  return (
    <UpcomingPage titleKey="titles.dashboard_core" descriptionKey="app.pages.dashboard_core" />
  );
}
