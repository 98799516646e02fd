import { useTranslation } from 'react-i18next';
import { AccountList } from '@/features/master/components/account-list';
import { MasterLayout } from '../layouts/master-layout';

/** Every account, for operators: search, then open one. */
export default function MasterAccountsPage() {
  const { t } = useTranslation();
  return (
    <MasterLayout titleKey="titles.master_accounts" description={t('master.accounts.description')}>
      <AccountList />
    </MasterLayout>
  );
}
