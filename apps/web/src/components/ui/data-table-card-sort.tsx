import { ArrowDownWideNarrow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';
import type { DataTableColumn, SortState } from './data-table-model';
import { Select } from './select';

/**
 * Cards have no column headers to click, so the phone layout sorts with a select of the sortable
 * columns and a "descending" toggle: the same sort state the table's headers set.
 */
export function DataTableCardSort<T>({
  columns,
  sort,
  onSortChange,
}: {
  columns: DataTableColumn<T>[];
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}) {
  const { t } = useTranslation();
  const sortable = columns.filter((column) => column.sortable);
  if (sortable.length === 0) return null;
  const descending = sort?.direction === 'descending';
  return (
    <div className="flex w-full items-center gap-2">
      <Select
        aria-label={t('ui.table.sort_by')}
        placeholder={t('ui.table.sort_by')}
        // '' (not undefined) keeps the select controlled, showing the placeholder, while unsorted.
        value={sort?.key ?? ''}
        onValueChange={(key) => onSortChange({ key, direction: sort?.direction ?? 'ascending' })}
        options={sortable.map((column) => ({ value: column.key, label: column.header }))}
        className="flex-1"
      />
      <Button
        variant="outline"
        size="icon"
        aria-label={t('ui.table.descending')}
        aria-pressed={descending}
        disabled={!sort}
        onClick={() =>
          sort && onSortChange({ ...sort, direction: descending ? 'ascending' : 'descending' })
        }
        className={cn(descending && 'bg-accent text-accent-foreground')}
      >
        <ArrowDownWideNarrow aria-hidden />
      </Button>
    </div>
  );
}
