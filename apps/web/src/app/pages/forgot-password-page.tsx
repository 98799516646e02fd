import { useTranslation } from 'react-i18next';
import { EmailLinkForm } from '@/features/auth/components/email-link-form';
import { usePageTitle } from '@/lib/use-page-title';
import { requestPasswordResetLink } from '@/features/auth/api/credential-forms';
import { BackToSignIn } from '@/features/auth/components/back-to-sign-in';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.forgot_password');
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.pages.forgot_password')}</p>
      </div>
      <EmailLinkForm
        request={requestPasswordResetLink}
        buttonText={t('auth.forgot.submit')}
        sentTitle={t('auth.forgot.sent')}
      />
      <BackToSignIn />
    </div>
  );
}
