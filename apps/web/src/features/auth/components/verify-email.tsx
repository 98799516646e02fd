import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { requestVerificationEmail } from '@/lib/profile-api';
import { useSession } from '@/lib/session-store';
import { completeSignIn } from '../api/complete-sign-in';
import { verifyEmail } from '../api/verify-email';

type VerifyState = 'info' | 'verifying' | 'expired';

/** docs/product.md#states-and-transitions "Verify email": info, then verifying, then signed in; a bad link shows expired + resend. */
export function VerifyEmail({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const [state, setState] = useState<VerifyState>(token ? 'verifying' : 'info');
  const [sending, setSending] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development; the token must be posted once.
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token).then(completeSignIn, (error: unknown) => {
      if (error instanceof ApiError && error.status === 400) setState('expired');
      else handleApiError(error);
    });
  }, [token]);

  const resend = async () => {
    setSending(true);
    try {
      const message = await requestVerificationEmail();
      toast({ variant: 'success', title: message ?? t('auth.verify.sent') });
    } catch (error) {
      handleApiError(error);
    } finally {
      setSending(false);
    }
  };

  if (state === 'verifying') {
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" aria-live="polite">
        <Spinner className="size-6" />
        <p className="text-sm text-muted-foreground">{t('auth.verify.verifying')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {state === 'expired' ? (
        <Banner variant="error" title={t('auth.verify.expired_title')}>
          {t('auth.verify.expired_body')}
        </Banner>
      ) : (
        <Banner variant="info" title={t('auth.verify.info_title')}>
          {t('auth.verify.info_body', { email: session?.email ?? '' })}
        </Banner>
      )}
      {session ? (
        <Button
          onClick={() => void resend()}
          loading={sending}
          variant={state === 'expired' ? 'default' : 'outline'}
        >
          {t('auth.verify.resend')}
        </Button>
      ) : (
        <Button asChild>
          <Link to="/signin">{t('auth.verify.signin_to_resend')}</Link>
        </Button>
      )}
    </div>
  );
}
