import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Workbook } from '@partner-portal/shared/workbooks';
import { Banner } from '@/components/ui/banner';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useDashboardFocus } from '../api/use-dashboard-focus';
import { useWorkbooks } from '../api/use-workbooks';
import { WorkbookFrame } from './workbook-frame';
import { WorkbooksPending } from './workbooks-pending';

/**
 * One dashboard screen: the core workbook, or the Plus workbooks with a select when there are
 * several (the first by default), each in a WorkbookFrame, with what the page puts `beside` it
 * (the Insights panel): to its right on the widest screens, above it elsewhere. The workbook opens
 * on the focus in the page's address (useDashboardFocus), which the panel sets.
 */
export function DashboardView({
  kind,
  beside,
  besideBelow = false,
}: {
  kind: 'core' | 'plus';
  beside?: (workbook: Workbook) => ReactNode;
  /** Below the workbook, not above it, where the two do not fit side by side (an offer). */
  besideBelow?: boolean;
}) {
  const { t } = useTranslation();
  const state = useWorkbooks();
  const [chosen, setChosen] = useState<string | null>(null);
  // The workbook whose frame has settled: an offer below waits for it, so the frame growing to
  // its own height never pushes the offer down (a layout shift) while the page loads.
  const [settled, setSettled] = useState<string | null>(null);
  const { focus, clear } = useDashboardFocus();

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
      {beside ? (
        // Beside the workbook only where both fit at full size (a narrower frame would turn the
        // workbook's tables into cards); elsewhere above it, where it would otherwise sit below
        // a tall workbook — unless it is an offer, which never pushes the workbook down.
        <div className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_22rem] 2xl:items-start">
          <div className={cn('min-w-0 2xl:order-1', besideBelow ? 'order-1' : 'order-2')}>
            <WorkbookFrame
              key={current.workbookId}
              workbook={current}
              focus={focus}
              onClearFocus={clear}
              onSettled={() => setSettled(current.workbookId)}
            />
          </div>
          <div
            key={current.workbookId}
            className={cn('2xl:sticky 2xl:top-4 2xl:order-2', besideBelow ? 'order-2' : 'order-1')}
          >
            {besideBelow && settled !== current.workbookId ? null : beside(current)}
          </div>
        </div>
      ) : (
        <WorkbookFrame
          key={current.workbookId}
          workbook={current}
          focus={focus}
          onClearFocus={clear}
        />
      )}
    </div>
  );
}
