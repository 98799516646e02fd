import { UpcomingPage } from './upcoming-page';

export default function AccountUsersPage() {
  return <UpcomingPage titleKey="titles.users" descriptionKey="app.pages.users" />;
}
