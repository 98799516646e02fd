import { useSearchParams } from 'react-router';
import { DigestUnsubscribe } from '@/features/account/components/digest-unsubscribe';
import { usePageTitle } from '@/lib/use-page-title';

export default function UnsubscribePage() {
  usePageTitle('titles.unsubscribe');
  const [params] = useSearchParams();
  return <DigestUnsubscribe token={params.get('token')} />;
}
