import { UpcomingPage } from './upcoming-page';

export default function ForgotPasswordPage() {
  return (
    <UpcomingPage titleKey="titles.forgot_password" descriptionKey="app.pages.forgot_password" />
  );
}
