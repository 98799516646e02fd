import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TokenSignIn } from '@/features/auth/components/token-sign-in';
import { usePageTitle } from '@/lib/use-page-title';

export default function MagicPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.magic');
  const [params] = useSearchParams();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <TokenSignIn
        url="/api/auth/magic/verify"
        token={params.get('token')}
        errorTitle={t('auth.token.magic_invalid')}
        errorDetail={t('auth.token.magic_invalid_body')}
        retry={{ to: '/signin?link=1', text: t('auth.token.new_link') }}
      />
    </div>
  );
}
