import { UpcomingPage } from './upcoming-page';

export default function AccountProfilePage() {
  return <UpcomingPage titleKey="titles.profile" descriptionKey="app.pages.profile" />;
}
