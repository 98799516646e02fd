import { UpcomingPage } from './upcoming-page';

export default function AccountApiKeysPage() {
  return <UpcomingPage titleKey="titles.apikeys" descriptionKey="app.pages.apikeys" />;
}
