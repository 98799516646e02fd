import { useTranslation } from 'react-i18next';
import { SsoSettings } from '@/features/sso/components/sso-settings';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

/** The owner's single sign-on (docs/product.md#single-sign-on). */
export default function AccountSsoPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.account_sso" description={t('sso.description')}>
      <SsoSettings upgradePath={`${paths.accountUpgrade}?plan=free_pro`} />
    </Page>
  );
}
