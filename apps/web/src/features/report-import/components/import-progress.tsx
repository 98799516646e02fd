import { useTranslation } from 'react-i18next';
import type { ImportJob } from '@partner-portal/shared/report-import';
import { ProgressBar } from '@/components/ui/progress-bar';

/** "45 s", "3 min": the time left, rounded as people say it. */
function timeLeft(seconds: number, language: string): string {
  const unit = seconds < 90 ? 'second' : 'minute';
  const amount = unit === 'second' ? Math.max(1, seconds) : Math.round(seconds / 60);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(
    amount,
  );
}

/**
 * An upload under way: the bar follows the bytes sent, and the line under it what the server
 * has done with them (rows checked as they arrive, the time left at the pace so far), then the
 * writing of a checked file into the reports.
 */
export function ImportProgress({ sent, job }: { sent: number; job: ImportJob | undefined }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = Math.round(sent * 100);
  const writing = job?.status === 'writing';
  const status = writing
    ? t('imports.upload.writing', {
        count: job.rowsWritten,
        formatted: number.format(job.rowsWritten),
      })
    : sent < 1
      ? t('imports.upload.sending', { percent })
      : t('imports.upload.checking');
  const detail =
    !writing && job && job.rowsChecked > 0
      ? [
          t('imports.upload.rows_checked', {
            count: job.rowsChecked,
            formatted: number.format(job.rowsChecked),
          }),
          job.secondsLeft !== null && sent < 1
            ? t('imports.upload.time_left', { time: timeLeft(job.secondsLeft, i18n.language) })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : null;
  return (
    <div className="grid gap-1.5">
      <ProgressBar
        state={writing ? 'indeterminate' : 'loading'}
        value={percent}
        label={t('imports.upload.progress')}
      />
      <div className="grid gap-0.5 text-xs text-muted-foreground" aria-live="polite">
        <p>{status}</p>
        {detail ? <p>{detail}</p> : null}
      </div>
    </div>
  );
}
