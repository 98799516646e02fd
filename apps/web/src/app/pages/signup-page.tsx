import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignupForm } from '@/features/auth/components/signup-form';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';

export default function SignupPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.signup');
  const [params] = useSearchParams();
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('auth.signup.subtitle')}</p>
      </div>
      <SignupForm partner={params.get('partner') ?? undefined} />
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
