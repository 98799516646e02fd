import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import { usePageTitle } from '@/lib/use-page-title';

export default function SignupVerifyPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.verify');
  const [params] = useSearchParams();
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.pages.verify')}</p>
      </div>
      <VerifyEmail token={params.get('token')} />
    </div>
  );
}
