import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import type { CsvPreview } from '../csv-preview-data';

/** The file's header and first rows as the import will read them; a wrong header is named. */
export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  const { t } = useTranslation();
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
              {preview.rows.map((row) => (
                <tr key={row.line} className="border-t">
                  <td className="px-2 py-1.5 text-muted-foreground tabular-nums">{row.line}</td>
                  {row.fields.map((field, index) => (
                    <td key={index} className="max-w-48 truncate px-2 py-1.5 whitespace-nowrap">
                      {field}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
