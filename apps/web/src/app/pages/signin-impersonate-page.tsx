import { useSearchParams } from 'react-router';
import { ImpersonateSignIn } from '@/features/auth/components/impersonate-sign-in';
import { usePageTitle } from '@/lib/use-page-title';

export default function SigninImpersonatePage() {
  const title = usePageTitle('titles.impersonate');
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <ImpersonateSignIn token={useSearchParams()[0].get('token')} />
    </div>
  );
}
