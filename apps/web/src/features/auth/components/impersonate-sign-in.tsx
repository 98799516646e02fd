import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { navigateTo } from '@/lib/navigation';
import { completeSignIn } from '../api/complete-sign-in';
import { signInByImpersonation } from '../api/impersonate';

/** docs/product.md#screens-and-routes "Impersonate": a spinner, then the user's session — or /404 on any failure. */
export function ImpersonateSignIn({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    if (!token) return navigateTo('/404', { replace: true });
    signInByImpersonation(token).then(completeSignIn, () => navigateTo('/404', { replace: true }));
  }, [token]);
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center" aria-live="polite">
      <Spinner className="size-6" />
      <p className="text-sm text-muted-foreground">{t('auth.token.signing_in')}</p>
    </div>
  );
}
