import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@partner-portal/shared/report-import';
import { Banner } from '@/components/ui/banner';
import { cn } from '@/lib/cn';
import type { CsvPreview } from '../csv-preview-data';

/**
 * The file's header and first rows as the import will read them; a wrong header is named, and
 * once the import has refused the file, the lines and cells it named are marked.
 */
export function CsvPreviewTable({
  preview,
  problems = [],
}: {
  preview: CsvPreview;
  problems?: ImportProblem[];
}) {
  const { t } = useTranslation();
  const badCells = new Set(problems.map((problem) => `${problem.line}:${problem.field}`));
  const badLines = new Set(problems.map((problem) => problem.line));
  const headerWrong = preview.missing.length > 0 || preview.unknown.length > 0;
  return (
    <div className="grid gap-3">
      {headerWrong ? (
        <Banner variant="warning" title={t('imports.preview.header_wrong')}>
          {preview.missing.length > 0 ? (
            <p>{t('imports.preview.missing', { columns: preview.missing.join(', ') })}</p>
          ) : null}
          {preview.unknown.length > 0 ? (
            <p>{t('imports.preview.unknown', { columns: preview.unknown.join(', ') })}</p>
          ) : null}
        </Banner>
      ) : null}
      {preview.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('imports.preview.no_rows')}</p>
      ) : (
        // Eleven columns cannot fit a phone: this one table scrolls inside its own frame, which
        // is labelled and focusable so keyboard users can scroll it too.
        <div
          className="overflow-x-auto rounded-md border"
          role="region"
          aria-label={t('imports.preview.label')}
          tabIndex={0}
        >
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{t('imports.preview.label')}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium text-muted-foreground">
                  {t('imports.preview.line')}
                </th>
                {preview.header.map((name, index) => (
                  <th
                    key={`${index}-${name}`}
                    scope="col"
                    className="px-2 py-1.5 font-medium whitespace-nowrap"
                  >
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => {
                const bad = badLines.has(row.line);
                return (
                  <tr key={row.line} className={cn('border-t', bad && 'bg-destructive/10')}>
                    <td
                      className={cn(
                        'px-2 py-1.5 tabular-nums',
                        bad ? 'font-medium text-destructive' : 'text-muted-foreground',
                      )}
                    >
                      {row.line}
                      {bad ? <span className="sr-only"> {t('imports.preview.to_fix')}</span> : null}
                    </td>
                    {row.fields.map((field, index) => {
                      const badCell = badCells.has(`${row.line}:${preview.header[index] ?? ''}`);
                      return (
                        <td
                          key={index}
                          className={cn(
                            'max-w-48 truncate px-2 py-1.5 whitespace-nowrap',
                            badCell && 'font-semibold text-destructive underline decoration-wavy',
                          )}
                        >
                          {field}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
