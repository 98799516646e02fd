import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SSO_FAILURE_REASONS, type SsoFailureReason } from '@partner-portal/shared/sso';
import { SsoForm } from '@/features/auth/components/sso-form';
import { TokenSignIn } from '@/features/auth/components/token-sign-in';
import { Banner } from '@/components/ui/banner';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';

function failureReason(value: string | null): SsoFailureReason | null {
  if (value === null) return null;
  return (SSO_FAILURE_REASONS as readonly string[]).includes(value)
    ? (value as SsoFailureReason)
    : 'failed';
}

/**
 * docs/product.md#single-sign-on: the work e-mail that finds the company's identity provider;
 * the IdP's callback lands here too, with a one-time token (a spinner while it is posted) or the
 * reason it refused, shown above the form to try again.
 */
export default function SigninSsoPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.sso');
  const [params] = useSearchParams();
  const token = params.get('token');
  const reason = failureReason(params.get('error'));
  const redirect = params.get('redirect');
  if (token && !reason) {
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <TokenSignIn
          url="/api/auth/sso/token"
          token={token}
          errorTitle={t('auth.sso.failed')}
          errorDetail={t('auth.sso.reason.failed')}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('auth.sso.subtitle')}</p>
      </div>
      {reason ? (
        <Banner variant="error" title={t('auth.sso.failed')}>
          {t(`auth.sso.reason.${reason}`)}
        </Banner>
      ) : null}
      <SsoForm redirect={redirect} />
      <Link
        to={paths.signin}
        className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('auth.sso.password_instead')}
      </Link>
    </div>
  );
}
