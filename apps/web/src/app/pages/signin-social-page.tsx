import { UpcomingPage } from './upcoming-page';

export default function SigninSocialPage() {
  return <UpcomingPage titleKey="titles.social" descriptionKey="app.pages.social" />;
}
