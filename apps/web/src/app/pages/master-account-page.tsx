import { useParams } from 'react-router';
import { AccountDetail } from '@/features/master/components/account-detail';
import { MasterLayout } from '../layouts/master-layout';

/** One account, for operators: its team, billing, latest events and audit rows, and actions. */
export default function MasterAccountPage() {
  const { id = '' } = useParams();
  return (
    <MasterLayout titleKey="titles.master_account">
      <AccountDetail key={id} id={id} />
    </MasterLayout>
  );
}
