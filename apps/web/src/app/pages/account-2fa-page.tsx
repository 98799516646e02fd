import { UpcomingPage } from './upcoming-page';

export default function Account2faPage() {
  return <UpcomingPage titleKey="titles.2fa" descriptionKey="app.pages.2fa" />;
}
