import { useId } from 'react';
import { ChartNoAxesColumn, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { appHref } from './host-origin';

/** The host app's import screen. */
const IMPORT_DATA_PATH = '/account/data';

/**
 * Shown instead of every chart and table while the account has no report rows: what the
 * dashboard will hold, and how the data gets in.
 */
export function NoReportData({
  workbookId,
  canImport,
}: {
  workbookId: string;
  /** Owners and admins (the embed session says): they get the way in, others whom to ask. */
  canImport: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="grid justify-items-start gap-3 rounded-lg border border-dashed bg-card p-6"
    >
      <ChartNoAxesColumn aria-hidden className="size-8 text-muted-foreground" />
      <h3 id={titleId} className="text-base font-semibold">
        {t('embed.empty.title')}
      </h3>
      <p className="max-w-prose text-sm text-muted-foreground">
        {t(`embed.empty.shows.${workbookId}`, { defaultValue: t('embed.empty.shows.default') })}
      </p>
      <p className="max-w-prose text-sm text-muted-foreground">{t('embed.empty.source')}</p>
      {canImport ? (
        // _top: the import screen belongs in the app's own window, not inside this frame.
        <a
          href={appHref(IMPORT_DATA_PATH)}
          target="_top"
          className={cn(buttonVariants({ size: 'sm' }))}
        >
          <Upload aria-hidden />
          {t('embed.empty.import')}
        </a>
      ) : (
        <p className="max-w-prose text-sm font-medium">{t('embed.empty.ask')}</p>
      )}
    </section>
  );
}
