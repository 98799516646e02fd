import { UpcomingPage } from './upcoming-page';

export default function SigninImpersonatePage() {
  return <UpcomingPage titleKey="titles.impersonate" descriptionKey="app.pages.impersonate" />;
}
