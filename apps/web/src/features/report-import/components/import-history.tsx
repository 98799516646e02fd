import { useTranslation } from 'react-i18next';
import type { ReportImport } from '@partner-portal/shared/report-import';
import { Spinner } from '@/components/ui/spinner';
import { useReportImports } from '../api/report-imports';

function uploader(entry: ReportImport, adminCommand: string): string {
  if (!entry.by) return adminCommand;
  const name = `${entry.by.firstName} ${entry.by.lastName}`.trim();
  return name || entry.by.email;
}

/** The account's latest imports: when, which file, how many rows, by whom. */
export function ImportHistory() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useReportImports();
  if (isPending) {
    return (
      <div role="status" aria-label={t('imports.history.loading')} className="py-4">
        <Spinner />
      </div>
    );
  }
  // A failed load was already reported by the central handler (a toast).
  if (isError)
    return <p className="text-sm text-muted-foreground">{t('imports.history.failed')}</p>;
  if (data.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('imports.history.empty')}</p>;
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = new Intl.NumberFormat(i18n.language, { useGrouping: 'always' });
  return (
    <ul className="divide-y rounded-md border" aria-label={t('imports.history.title')}>
      {data.map((entry) => (
        <li
          key={entry.id}
          className="grid gap-1 p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
        >
          <div className="min-w-0">
            <p className="truncate font-medium">{entry.fileName}</p>
            <p className="text-muted-foreground">
              {t('imports.history.by', {
                who: uploader(entry, t('imports.history.admin_command')),
                when: when.format(new Date(entry.createdAt)),
              })}
            </p>
          </div>
          <p className="tabular-nums sm:text-right">
            {t('imports.history.rows', { count: entry.rows, formatted: rows.format(entry.rows) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
