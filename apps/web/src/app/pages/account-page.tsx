import { UpcomingPage } from './upcoming-page';

export default function AccountPage() {
  return <UpcomingPage titleKey="titles.account" descriptionKey="app.pages.account" />;
}
