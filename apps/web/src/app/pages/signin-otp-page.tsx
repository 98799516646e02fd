import { UpcomingPage } from './upcoming-page';

export default function SigninOtpPage() {
  return <UpcomingPage titleKey="titles.otp" descriptionKey="app.pages.otp" />;
}
