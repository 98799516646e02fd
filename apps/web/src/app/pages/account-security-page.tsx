import { useTranslation } from 'react-i18next';
import { AccountSecuritySettings } from '@/features/account-security/components/account-security-settings';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

/** The owner's "require 2FA for every member" (docs/product.md#two-factor-policy). */
export default function AccountSecurityPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.security" description={t('security.description')}>
      <AccountSecuritySettings twoFactorPath={paths.account2fa} />
    </Page>
  );
}
