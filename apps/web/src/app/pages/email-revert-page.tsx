import { useSearchParams } from 'react-router';
import { EmailRevert } from '@/features/auth/components/email-revert';
import { usePageTitle } from '@/lib/use-page-title';

export default function EmailRevertPage() {
  const title = usePageTitle('titles.email_revert');
  const [params] = useSearchParams();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <EmailRevert token={params.get('token')} />
    </div>
  );
}
