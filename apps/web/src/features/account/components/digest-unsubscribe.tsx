import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useTokenAction } from '@/lib/use-token-action';
import { unsubscribeFromDigest } from '../api/digest-unsubscribe';

const linkClass = 'w-fit text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * The digest's unsubscribe link (docs/product.md#report-digests), signed in or not. It acts on a
 * button press, never on load: mail scanners open every link in a message.
 */
export function DigestUnsubscribe({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { state, run: unsubscribe } = useTokenAction(token, async (signed) => {
    const { message } = await unsubscribeFromDigest(signed);
    return message ?? t('account.unsubscribe.done');
  });

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
