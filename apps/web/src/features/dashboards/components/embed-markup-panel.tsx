import { useState } from 'react';
import { Code2, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@partner-portal/shared/constants';
import { EmbedResponseSchema } from '@partner-portal/shared/workbooks';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { useWorkbooks } from '../api/use-workbooks';
import { INITIAL_HEIGHT } from './workbook-frame';
import { WorkbooksPending } from './workbooks-pending';

function iframeMarkup(url: string, title: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escape(url)}" title="${escape(title)}" width="100%" height="${INITIAL_HEIGHT}" style="border:0" allow="fullscreen"></iframe>`;
}

/**
 * Raw iframe markup for one of the user's workbooks, for a developer testing an embed in a page
 * of their own. It lives with the API keys, not on the dashboards a partner reads: the markup
 * carries a single-use token and is an integration detail.
 */
export function EmbedMarkupPanel() {
  const { t, i18n } = useTranslation();
  const workbooks = useWorkbooks();
  const [chosen, setChosen] = useState<string | null>(null);
  const [markup, setMarkup] = useState<string | null>(null);
  const [minting, setMinting] = useState(false);

  if (workbooks.status !== 'ready') return <WorkbooksPending state={workbooks} />;
  const list = workbooks.workbooks;
  if (list.length === 0)
    return <p className="text-sm text-muted-foreground">{t('dashboards.markup.none')}</p>;
  const workbook = list.find((item) => item.workbookId === chosen) ?? list[0]!;
  const title = (id: string, name: string) => t(`embed.workbooks.${id}`, { defaultValue: name });

  const mint = () => {
    setMinting(true);
    api
      .post(
        '/api/sigma/workbook/embed',
        { workbook_id: workbook.workbookId, theme: 'light', locale: toLocale(i18n.language) },
        { schema: EmbedResponseSchema },
      )
      .then(
        ({ data }) => setMarkup(iframeMarkup(data.url, title(workbook.workbookId, workbook.name))),
        handleApiError,
      )
      .finally(() => setMinting(false));
  };

  return (
    <div className="grid gap-4">
      <div className="grid max-w-sm gap-1.5">
        <Label htmlFor="markup-workbook">{t('dashboards.markup.workbook')}</Label>
        <Select
          id="markup-workbook"
          value={workbook.workbookId}
          onValueChange={(value) => {
            setChosen(value);
            setMarkup(null);
          }}
          options={list.map((item) => ({
            value: item.workbookId,
            label: title(item.workbookId, item.name),
          }))}
        />
      </div>
      <Button variant="outline" className="w-fit" onClick={mint} loading={minting}>
        <Code2 aria-hidden />
        {t('dashboards.markup.create')}
      </Button>
      {markup ? (
        <div className="grid gap-2">
          <Label htmlFor="workbook-markup">{t('dashboards.markup.label')}</Label>
          <textarea
            id="workbook-markup"
            readOnly
            rows={4}
            value={markup}
            className="w-full resize-y rounded-md border bg-background p-2 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="text-xs text-muted-foreground">{t('dashboards.markup.note')}</p>
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => {
              void navigator.clipboard.writeText(markup).then(
                () => toast({ variant: 'success', title: t('dashboards.markup.copied') }),
                () => undefined,
              );
            }}
          >
            <Copy aria-hidden />
            {t('dashboards.markup.copy')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
