import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmailLinkForm } from '@/features/auth/components/email-link-form';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';
import { requestPasswordResetLink } from '@/features/auth/api/credential-forms';

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
      <Link
        to={paths.signin}
        className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('auth.token.back')}
      </Link>
    </div>
  );
}
