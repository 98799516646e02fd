import { UpcomingPage } from './upcoming-page';

export default function HelpPage() {
  return <UpcomingPage titleKey="titles.help" descriptionKey="app.pages.help" />;
}
