import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UpgradeForm } from '@/features/billing/components/upgrade-form';
import { Page } from '../layouts/page';

export default function AccountUpgradePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page titleKey="titles.upgrade" description={t('billing.upgrade.description')}>
      <UpgradeForm preselected={params.get('plan')} />
    </Page>
  );
}
