import { NotificationSettings } from '@/features/account/components/notification-settings';
import { Page } from '../layouts/page';

export default function AccountNotificationsPage() {
  return (
    <Page titleKey="titles.notifications">
      <NotificationSettings />
    </Page>
  );
}
