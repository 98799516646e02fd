import { UpcomingPage } from './upcoming-page';

export default function AccountUpgradePage() {
  return <UpcomingPage titleKey="titles.upgrade" descriptionKey="app.pages.upgrade" />;
}
