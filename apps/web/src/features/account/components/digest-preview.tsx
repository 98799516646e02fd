import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';
import { isTimeZone, type DigestPreview as Preview } from '@partner-portal/shared/digests';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDigestPreview, type DigestChoices } from '../api/digest';
import { SEND_TIME } from '../digest-draft';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * The digest for the choices on screen, built by the server exactly as the mail is: when the next
 * one goes out, and how the last complete period's read (the next is not over yet, and its figures
 * would read as a fall against a whole period).
 * Its HTML is shown in a sandboxed frame without scripts: it is mail markup, not part of the app.
 */
export function DigestPreview({ choices }: { choices: DigestChoices }) {
  const { t, i18n } = useTranslation();
  const preview = useDigestPreview(choices);

  if (preview.isError) {
    return (
      <Banner
        variant="error"
        title={t('account.digest.preview.failed')}
        action={
          <Button variant="outline" size="sm" onClick={() => void preview.refetch()}>
            {t('account.digest.preview.retry')}
          </Button>
        }
      />
    );
  }
  if (!preview.data) {
    return (
      <div className="grid place-items-center py-10">
        <Spinner className="size-6" label={t('account.digest.preview.loading')} />
      </div>
    );
  }
  const data = preview.data;
  const updating = preview.isPlaceholderData || preview.isFetching;
  return (
    <Card aria-busy={updating}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>
            {t('account.digest.preview.title', {
              date: sendDate(data, i18n.language),
              time: SEND_TIME,
              zone: data.timezone,
            })}
          </CardTitle>
          {updating ? <Spinner label={t('account.digest.preview.loading')} /> : null}
        </div>
        <CardDescription>
          {data.account_name
            ? `${t('account.digest.preview.account', { account: data.account_name })} · `
            : null}
          {t('account.digest.preview.covers', {
            next: periodLabel(data.period, i18n.language),
            shown: periodLabel(data.shown_period, i18n.language),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <PreviewBody preview={data} />
      </CardContent>
    </Card>
  );
}

function PreviewBody({ preview }: { preview: Preview }) {
  const { t, i18n } = useTranslation();
  if (preview.status === 'no_data') {
    return (
      <Banner variant="info">
        {t('account.digest.preview.no_data', {
          period: periodLabel(preview.shown_period, i18n.language),
        })}
      </Banner>
    );
  }
  if (preview.status === 'two_factor_required') {
    return (
      <Banner variant="warning" title={t('account.digest.preview.two_factor_title')}>
        {t('account.digest.preview.two_factor_body')}{' '}
        <Link to="/account/2fa" className={linkClass}>
          {t('account.digest.preview.two_factor_link')}
        </Link>
      </Banner>
    );
  }
  if (preview.status === 'no_account' || !preview.html) {
    return <Banner variant="warning">{t('account.digest.preview.no_account')}</Banner>;
  }
  return (
    <>
      {preview.subject ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t('account.digest.preview.subject')}</span>{' '}
          <span className="font-medium break-words">{preview.subject}</span>
        </p>
      ) : null}
      {preview.attachment ? (
        <p className="flex items-center gap-2 text-sm">
          <Paperclip aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="break-all">
            {t('account.digest.preview.attachment', { file: preview.attachment })}
          </span>
        </p>
      ) : null}
      <iframe
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={preview.html}
        title={t('account.digest.preview.frame_title')}
        className="h-[600px] w-full rounded-md border border-border"
      />
    </>
  );
}

/** The day it goes out, as the recipient's calendar shows it: "Monday, November 23, 2026". */
function sendDate(preview: Preview, locale: string): string {
  // A zone saved from another browser may be one this one does not know.
  const timeZone = isTimeZone(preview.timezone) ? preview.timezone : 'UTC';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone }).format(
    new Date(preview.send_at),
  );
}

/** A period's local days, "Nov 16 – 22, 2026"; calendar days, so read in UTC. */
function periodLabel(period: Preview['period'], locale: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const from = new Date(`${period.from}T00:00:00Z`);
  const to = new Date(`${period.to}T00:00:00Z`);
  return from < to ? format.formatRange(from, to) : format.format(from);
}
