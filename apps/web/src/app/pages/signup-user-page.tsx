import { UpcomingPage } from './upcoming-page';

export default function SignupUserPage() {
  return <UpcomingPage titleKey="titles.signup_user" descriptionKey="app.pages.signup_user" />;
}
