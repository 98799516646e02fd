import { UpcomingPage } from './upcoming-page';

export default function MagicPage() {
  return <UpcomingPage titleKey="titles.magic" descriptionKey="app.pages.magic" />;
}
