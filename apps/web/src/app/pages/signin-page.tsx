import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';

/** The sign-in screen's frame; the sign-in methods arrive with the identity capability. */
export default function SigninPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.signin');
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.signin.subtitle')}</p>
      </div>
      <Banner variant="info" title={t('app.signin.unavailable_title')}>
        {t('app.signin.unavailable_body')}
      </Banner>
      <p className="text-sm text-muted-foreground">
        {t('app.signin.no_account')}{' '}
        <Link
          to={paths.signup}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('app.signin.create_account')}
        </Link>
      </p>
    </div>
  );
}
