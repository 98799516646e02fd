import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { InvitedSignupForm } from '@/features/auth/components/invited-signup-form';
import { SignInInstead } from '../navigation/sign-in-instead';
import { usePageTitle } from '@/lib/use-page-title';

export default function SignupUserPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.signup_user');
  const [params] = useSearchParams();
  const inviteId = params.get('id');
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.pages.signup_user')}</p>
      </div>
      {inviteId ? (
        <InvitedSignupForm email={params.get('email') ?? ''} inviteId={inviteId} />
      ) : (
        <Banner variant="error" title={t('auth.invited.missing')} />
      )}
      <SignInInstead />
    </div>
  );
}
