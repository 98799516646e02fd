import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useTokenAction } from '@/lib/use-token-action';
import { clearSession } from '@/lib/session-store';
import { revertEmailChange } from '../api/email-revert';
import { BackToSignIn } from './back-to-sign-in';

const linkClass = 'w-fit text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * "This was not me" (docs/security.md "An e-mail change cannot take an account over"): the old
 * address's owner takes the account back without signing in. The page acts on a button press,
 * never on load, so a mail scanner that opens the link cannot undo a change the user made.
 */
export function EmailRevert({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { state, run: revert } = useTokenAction(token, async (signed) => {
    const { data, message } = await revertEmailChange(signed);
    // Every session of the user ended on the server; this browser's copy goes too.
    clearSession();
    return message ?? t('auth.email_revert.done', data);
  });

  if (state.kind === 'done') {
    return (
      <div className="grid gap-4">
        <Banner variant="success" title={t('auth.email_revert.done_title')}>
          {state.message}
        </Banner>
        <Button asChild>
          <Link to="/forgotpassword">{t('auth.email_revert.new_password')}</Link>
        </Button>
        <BackToSignIn />
      </div>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <div className="grid gap-4">
        <Banner variant="error" title={t('auth.email_revert.invalid_title')}>
          {state.message ?? t('auth.email_revert.invalid_body')}
        </Banner>
        <BackToSignIn />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('auth.email_revert.explain')}</p>
      {/* A long label (Spanish) wraps instead of widening the card on a phone. */}
      <Button
        onClick={() => void revert()}
        loading={state.kind === 'working'}
        className="h-auto min-h-10 text-center whitespace-normal"
      >
        {t('auth.email_revert.confirm')}
      </Button>
      <Link to="/signin" className={linkClass}>
        {t('auth.email_revert.was_me')}
      </Link>
    </div>
  );
}
