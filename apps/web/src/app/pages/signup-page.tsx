import { UpcomingPage } from './upcoming-page';

export default function SignupPage() {
  return <UpcomingPage titleKey="titles.signup" descriptionKey="app.pages.signup" />;
}
