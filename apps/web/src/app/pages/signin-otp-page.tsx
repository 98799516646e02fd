import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { OtpForm } from '@/features/auth/components/otp-form';
import { usePageTitle } from '@/lib/use-page-title';
import { BackToSignIn } from '@/features/auth/components/back-to-sign-in';

export default function SigninOtpPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.otp');
  const challenge = useSearchParams()[0].get('token');
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.pages.otp')}</p>
      </div>
      {challenge ? (
        <OtpForm challenge={challenge} />
      ) : (
        <Banner variant="error" title={t('auth.otp.missing')} />
      )}
      <BackToSignIn />
    </div>
  );
}
