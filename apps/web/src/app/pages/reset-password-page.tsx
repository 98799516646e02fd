import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';

// A hand-edited link with something else in `email` gets the e-mail field, as old links do.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.reset_password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email')?.trim() ?? '';
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.pages.reset_password')}</p>
      </div>
      {token ? (
        <ResetPasswordForm
          token={token}
          email={email.length <= 254 && LOOKS_LIKE_EMAIL.test(email) ? email : null}
        />
      ) : (
        <Banner variant="error" title={t('auth.reset.missing_token')} />
      )}
      <Link
        to={paths.forgotPassword}
        className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('auth.reset.new_link')}
      </Link>
    </div>
  );
}
