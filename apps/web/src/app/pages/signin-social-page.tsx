import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SOCIAL_FAILURE_REASONS, type SocialFailureReason } from '@partner-portal/shared/social';
import { TokenSignIn } from '@/features/auth/components/token-sign-in';
import { usePageTitle } from '@/lib/use-page-title';

function failureReason(value: string | null): SocialFailureReason | null {
  if (value === null) return null;
  return (SOCIAL_FAILURE_REASONS as readonly string[]).includes(value)
    ? (value as SocialFailureReason)
    : 'failed';
}

/**
 * docs/product.md#screens-and-routes "Social sign-in": the provider's callback lands here with a one-time token (a spinner
 * while it is posted) or with the reason it refused, shown with a link back to sign in.
 */
export default function SigninSocialPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.social');
  const [params] = useSearchParams();
  const reason = failureReason(params.get('error'));
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <TokenSignIn
        url="/api/auth"
        token={reason ? null : params.get('token')}
        errorTitle={t('auth.social.failed')}
        errorDetail={t(`auth.social.reason.${reason ?? 'failed'}`)}
      />
    </div>
  );
}
