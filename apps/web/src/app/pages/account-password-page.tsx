import { UpcomingPage } from './upcoming-page';

export default function AccountPasswordPage() {
  return <UpcomingPage titleKey="titles.password" descriptionKey="app.pages.password" />;
}
