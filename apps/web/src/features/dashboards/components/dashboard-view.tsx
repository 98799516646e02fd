import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workbook } from '@partner-portal/shared/workbooks';
import { Banner } from '@/components/ui/banner';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useWorkbooks } from '../api/use-workbooks';
import { WorkbookFrame } from './workbook-frame';
import { WorkbooksPending } from './workbooks-pending';

/**
 * One dashboard screen: the core workbook, or the Plus workbooks with a select when there are
 * several (the first by default), each in a WorkbookFrame.
 */
export function DashboardView({ kind }: { kind: 'core' | 'plus' }) {
  const { t } = useTranslation();
  const state = useWorkbooks();
  const [chosen, setChosen] = useState<string | null>(null);

  if (state.status !== 'ready') return <WorkbooksPending state={state} />;
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
