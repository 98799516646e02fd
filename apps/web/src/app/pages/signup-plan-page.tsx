import { UpcomingPage } from './upcoming-page';

export default function SignupPlanPage() {
  return <UpcomingPage titleKey="titles.plan" descriptionKey="app.pages.plan" />;
}
