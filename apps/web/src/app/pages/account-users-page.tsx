import { useTranslation } from 'react-i18next';
import { InviteDialog } from '@/features/team/components/invite-dialog';
import { UsersTable } from '@/features/team/components/users-table';
import { Page } from '../layouts/page';
import { signOut } from '../navigation/sign-out';

/** docs/product.md#screens-and-routes "Users": the team table with the global New button, which opens the invite dialog. */
export default function AccountUsersPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.users" description={t('app.pages.users')}>
      <UsersTable toolbar={<InviteDialog />} onSignOut={signOut} />
    </Page>
  );
}
