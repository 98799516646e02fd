import { useTranslation } from 'react-i18next';
import { UserList } from '@/features/master/components/user-list';
import { MasterLayout } from '../layouts/master-layout';

/** Every user, for operators: search by e-mail, then open one. */
export default function MasterUsersPage() {
  const { t } = useTranslation();
  return (
    <MasterLayout titleKey="titles.master_users" description={t('master.users.description')}>
      <UserList />
    </MasterLayout>
  );
}
