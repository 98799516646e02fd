import { UpcomingPage } from './upcoming-page';

export default function DashboardPlusPage() {
  return (
    <UpcomingPage titleKey="titles.dashboard_plus" descriptionKey="app.pages.dashboard_plus" />
  );
}
