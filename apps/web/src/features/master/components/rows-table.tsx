import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/ui/data-table';
import { DataTableCards, type CardHeadingLevel } from '@/components/ui/data-table-cards';
import { DataTableGrid } from '@/components/ui/data-table-grid';
import { useCardLayout } from '@/components/ui/data-table-layout';
import type { DataTableViewProps } from '@/components/ui/data-table-view';

const noSort = () => undefined;

/**
 * Rows in the generic table's two views: a table whose columns give way by priority in its own
 * box, cards on phones. Not `DataTable` itself, which pages, searches and sorts the rows it is
 * given: the console's lists are already one page of the server's filtered, ordered whole.
 */
export function RowsTable<T>({
  columns,
  rows,
  getRowId,
  getRowLabel,
  caption,
  loading = false,
  empty,
  headingLevel = 2,
}: {
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  getRowLabel?: (row: T) => string;
  caption: string;
  loading?: boolean;
  empty: ReactNode;
  headingLevel?: CardHeadingLevel;
}) {
  const cards = useCardLayout();
  const view: DataTableViewProps<T> = {
    columns,
    rows,
    getRowId,
    getRowLabel: getRowLabel ?? getRowId,
    caption,
    loading,
    empty,
    sort: null,
    onSortChange: noSort,
  };
  return (
    // The box the column priorities measure (container queries).
    <div className="@container grid grid-cols-1">
      {cards ? (
        <DataTableCards {...view} headingLevel={headingLevel} />
      ) : (
        <DataTableGrid {...view} />
      )}
    </div>
  );
}
