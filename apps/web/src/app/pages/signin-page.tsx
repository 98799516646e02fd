import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { EmailLinkForm } from '@/features/auth/components/email-link-form';
import { SigninForm } from '@/features/auth/components/signin-form';
import { SocialButtons } from '@/features/auth/components/social-buttons';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';
import { requestSignInLink } from '@/features/auth/api/credential-forms';

/**
 * docs/product.md#screens-and-routes "Sign in": e-mail and password, or a toggle to magic-link mode that hides the
 * password and mails a link; a button per configured social provider; an ?error= from a failed
 * flow shows as an error toast.
 */
export default function SigninPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.signin');
  const [params] = useSearchParams();
  const error = params.get('error');
  const [magic, setMagic] = useState(false);
  // "Send me a new link" from a used sign-in link opens the link form. Read after hydration: the
  // prerendered page is the password form, whatever the query.
  const askForLink = params.get('link') === '1';
  useEffect(() => {
    if (askForLink) setMagic(true);
  }, [askForLink]);
  // Why the last session ended, when the server said (read after hydration, like the link form).
  const [accessChanged, setAccessChanged] = useState(false);
  const reason = params.get('reason');
  useEffect(() => setAccessChanged(reason === 'access_changed'), [reason]);
  useEffect(() => {
    if (error) toast({ variant: 'error', title: t('global.error.title'), description: error });
  }, [error, t]);
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.signin.subtitle')}</p>
      </div>
      {accessChanged ? (
        <Banner variant="info" title={t('auth.signin.access_changed_title')}>
          {t('auth.signin.access_changed_body')}
        </Banner>
      ) : null}
      {magic ? (
        <EmailLinkForm
          request={requestSignInLink}
          buttonText={t('auth.magic.submit')}
          sentTitle={t('auth.magic.sent')}
        />
      ) : (
        <SigninForm />
      )}
      <Button variant="outline" onClick={() => setMagic(!magic)}>
        {magic ? t('auth.magic.toggle_off') : t('auth.magic.toggle_on')}
      </Button>
      <SocialButtons />
      <Button variant="outline" asChild>
        <Link to={paths.signinSso}>{t('auth.sso.link')}</Link>
      </Button>
      <div className="grid gap-2 text-sm text-muted-foreground">
        <Link
          to={paths.forgotPassword}
          className="w-fit font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.signin.forgot')}
        </Link>
        <p>
          {t('app.signin.no_account')}{' '}
          <Link
            to={paths.signup}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('app.signin.create_account')}
          </Link>
        </p>
      </div>
    </div>
  );
}
