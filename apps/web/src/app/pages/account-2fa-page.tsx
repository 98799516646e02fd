import { TwoFactorSettings } from '@/features/two-factor/components/two-factor-settings';
import { Page } from '../layouts/page';

export default function Account2faPage() {
  return (
    <Page titleKey="titles.2fa">
      <TwoFactorSettings />
    </Page>
  );
}
