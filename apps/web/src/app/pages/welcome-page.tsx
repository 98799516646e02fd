import { UpcomingPage } from './upcoming-page';

export default function WelcomePage() {
  return <UpcomingPage titleKey="titles.welcome" descriptionKey="app.pages.welcome" />;
}
