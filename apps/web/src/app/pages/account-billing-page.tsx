import { UpcomingPage } from './upcoming-page';

export default function AccountBillingPage() {
  return <UpcomingPage titleKey="titles.billing" descriptionKey="app.pages.billing" />;
}
