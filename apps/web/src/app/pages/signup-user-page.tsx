import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { InvitedSignupForm } from '@/features/auth/components/invited-signup-form';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';

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
      <p className="text-sm text-muted-foreground">
        {t('auth.signup.have_account')}{' '}
        <Link
          to={paths.signin}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.signin.submit')}
        </Link>
      </p>
    </div>
  );
}
