import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { completeSignIn } from '../api/complete-sign-in';
import { signInWithToken } from '../api/token-sign-in';
import { BackToSignIn } from './back-to-sign-in';

/**
 * The pages a mailed or redirected link opens (magic link, social): a spinner while the token
 * is posted, then sign-in — or the error with a link back to sign in.
 */
export function TokenSignIn({
  url,
  token,
  errorTitle,
  errorDetail,
  retry,
}: {
  url: string;
  token: string | null;
  errorTitle: string;
  /** Why it failed, when the page already knows (a provider's refusal). */
  errorDetail?: string;
  /** The way to a new link, offered before the way back (a used magic link). */
  retry?: { to: string; text: string };
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(!token);
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    signInWithToken(url, token).then(completeSignIn, (error: unknown) => {
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      )
        setFailed(true);
      else handleApiError(error);
    });
  }, [token, url]);

  if (!failed) {
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" aria-live="polite">
        <Spinner className="size-6" />
        <p className="text-sm text-muted-foreground">{t('auth.token.signing_in')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <Banner variant="error" title={errorTitle}>
        {errorDetail}
      </Banner>
      {retry ? (
        <Button asChild className="w-fit">
          <Link to={retry.to}>{retry.text}</Link>
        </Button>
      ) : null}
      <BackToSignIn />
    </div>
  );
}
