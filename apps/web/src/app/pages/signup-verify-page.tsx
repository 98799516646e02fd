import { UpcomingPage } from './upcoming-page';

export default function SignupVerifyPage() {
  return <UpcomingPage titleKey="titles.verify" descriptionKey="app.pages.verify" />;
}
