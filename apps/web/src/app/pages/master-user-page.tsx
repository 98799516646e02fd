import { useParams } from 'react-router';
import { UserDetail } from '@/features/master/components/user-detail';
import { MasterLayout } from '../layouts/master-layout';
import { enterSupportSession } from '../navigation/support-session';

/**
 * One user, for operators: accounts, sessions and actions. Acting as them opens the sign-in
 * link the console minted, keeping the operator's session to come back to.
 */
export default function MasterUserPage() {
  const { id = '' } = useParams();
  return (
    <MasterLayout titleKey="titles.master_user">
      <UserDetail key={id} id={id} onImpersonate={enterSupportSession} />
    </MasterLayout>
  );
}
