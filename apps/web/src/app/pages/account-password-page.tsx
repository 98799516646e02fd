import { PasswordForm } from '@/features/account/components/password-form';
import { Page } from '../layouts/page';

export default function AccountPasswordPage() {
  return (
    <Page titleKey="titles.password">
      <PasswordForm />
    </Page>
  );
}
