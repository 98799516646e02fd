import { UpcomingPage } from './upcoming-page';

export default function ResetPasswordPage() {
  return (
    <UpcomingPage titleKey="titles.reset_password" descriptionKey="app.pages.reset_password" />
  );
}
