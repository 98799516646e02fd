import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignupForm } from '@/features/auth/components/signup-form';
import { SignInInstead } from '../navigation/sign-in-instead';
import { usePageTitle } from '@/lib/use-page-title';

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
      <SignInInstead />
    </div>
  );
}
