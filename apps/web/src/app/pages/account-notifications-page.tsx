import { UpcomingPage } from './upcoming-page';

export default function AccountNotificationsPage() {
  return <UpcomingPage titleKey="titles.notifications" descriptionKey="app.pages.notifications" />;
}
