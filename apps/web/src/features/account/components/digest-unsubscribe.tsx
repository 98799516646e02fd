import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { unsubscribeFromDigest } from '../api/digest-unsubscribe';

type UnsubscribeState =
  | { kind: 'ready' }
  | { kind: 'working' }
  | { kind: 'done'; message: string }
  | { kind: 'invalid'; message?: string };

const linkClass = 'w-fit text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * The digest's unsubscribe link (docs/product.md#report-digests), signed in or not. It acts on a
 * button press, never on load: mail scanners open every link in a message.
 */
export function DigestUnsubscribe({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<UnsubscribeState>(
    token ? { kind: 'ready' } : { kind: 'invalid' },
  );

  const unsubscribe = async () => {
    if (!token) return;
    setState({ kind: 'working' });
    try {
      const { message } = await unsubscribeFromDigest(token);
      setState({ kind: 'done', message: message ?? t('account.unsubscribe.done') });
    } catch (error) {
      // A refused link is this page's answer; a lost connection or a busy server may be retried.
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        setState({ kind: 'invalid', message: error.message });
      } else {
        setState({ kind: 'ready' });
        handleApiError(error);
      }
    }
  };

  const manage = (
    <Link to="/account/notifications" className={linkClass}>
      {t('account.unsubscribe.manage')}
    </Link>
  );

  if (state.kind === 'done') {
    return (
      <div className="grid gap-4">
        <h1 className="text-xl font-semibold">{t('account.unsubscribe.done_title')}</h1>
        <Banner variant="success">{state.message}</Banner>
        {manage}
      </div>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <div className="grid gap-4">
        <h1 className="text-xl font-semibold">{t('account.unsubscribe.invalid_title')}</h1>
        <Banner variant="error">{state.message ?? t('account.unsubscribe.no_token')}</Banner>
        {manage}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('account.unsubscribe.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('account.unsubscribe.explain')}</p>
      <Button
        onClick={() => void unsubscribe()}
        loading={state.kind === 'working'}
        className="h-auto min-h-10 text-center whitespace-normal"
      >
        {t('account.unsubscribe.confirm')}
      </Button>
      {manage}
    </div>
  );
}
