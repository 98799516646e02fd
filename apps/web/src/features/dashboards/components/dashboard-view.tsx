import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workbook } from '@partner-portal/shared/workbooks';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useWorkbooks } from '../api/use-workbooks';
import { WorkbookFrame } from './workbook-frame';

/**
 * One dashboard screen: the core workbook, or the Plus workbooks with a select when there are
 * several (the first by default), each in a WorkbookFrame.
 */
export function DashboardView({ kind }: { kind: 'core' | 'plus' }) {
  const { t } = useTranslation();
  const state = useWorkbooks();
  const [chosen, setChosen] = useState<string | null>(null);

  if (state.status === 'loading') {
    return (
      <div
        className="grid place-items-center py-16"
        role="status"
        aria-label={t('dashboards.loading')}
      >
        <Spinner className="size-6" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <Banner
        variant="error"
        title={t('dashboards.failed.title')}
        action={
          <Button variant="outline" size="sm" onClick={state.retry}>
            {t('dashboards.failed.retry')}
          </Button>
        }
      />
    );
  }
  const workbooks: Workbook[] = state.workbooks.filter((workbook) =>
    kind === 'core' ? workbook.kind !== 'plus' : workbook.kind === 'plus',
  );
  const current = workbooks.find((workbook) => workbook.workbookId === chosen) ?? workbooks[0];
  if (!current) {
    return <Banner variant="info" title={t(`dashboards.empty.${kind}`)} />;
  }
  return (
    <div className="grid gap-4">
      {workbooks.length > 1 ? (
        <div className="grid max-w-sm gap-1.5">
          <Label htmlFor="workbook-select">{t('dashboards.choose')}</Label>
          <Select
            id="workbook-select"
            value={current.workbookId}
            onValueChange={setChosen}
            options={workbooks.map((workbook) => ({
              value: workbook.workbookId,
              // Built-in workbooks have names in both languages; Sigma's keep their own.
              label: t(`embed.workbooks.${workbook.workbookId}`, { defaultValue: workbook.name }),
            }))}
          />
        </div>
      ) : null}
      <WorkbookFrame key={current.workbookId} workbook={current} />
    </div>
  );
}
