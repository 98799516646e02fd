import { useMemo, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TablePaging } from './table-paging';
import { DataTableCardSort } from './data-table-card-sort';
import { DataTableCards, type CardHeadingLevel } from './data-table-cards';
import { DataTableGrid } from './data-table-grid';
import { useCardLayout } from './data-table-layout';
import { visibleRows, type DataTableColumn, type SortState } from './data-table-model';
import type { RowAction } from './data-table-row-actions';
import { useRowSelection } from './data-table-selection';
import type { DataTableViewProps } from './data-table-view';
import { Input } from './input';

export type { DataTableColumn } from './data-table-model';

export type { RowAction } from './data-table-row-actions';

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  /** Names a row for screen readers ("Actions for …", "Select …"). */
  getRowLabel?: (row: T) => string;
  searchable?: boolean;
  searchPlaceholder?: string;
  selectable?: boolean;
  onSelectionChange?: (ids: string[]) => void;
  rowActions?: (row: T) => RowAction[];
  toolbar?: ReactNode;
  emptyState?: ReactNode;
  pageSize?: number;
  loading?: boolean;
  caption?: string;
  /** The level of each card's heading on phones, under the page's own headings. */
  cardHeadingLevel?: CardHeadingLevel;
}

/**
 * The generic table of docs/product.md#screens-and-routes: search, sort, select, row actions, empty state, paging text.
 * It always fits its box: columns give way by `priority` as the box narrows, and on a phone
 * each row becomes a card.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  getRowLabel = getRowId,
  searchable = false,
  searchPlaceholder,
  selectable = false,
  onSelectionChange,
  rowActions,
  toolbar,
  emptyState,
  pageSize = 10,
  loading = false,
  caption,
  cardHeadingLevel = 2,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(0);

  const shown = useMemo(
    () => visibleRows(rows, columns, search, sort),
    [rows, columns, search, sort],
  );
  const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
  const currentPage = Math.min(page, pageCount - 1);
  const pageRows = shown.slice(currentPage * pageSize, (currentPage + 1) * pageSize);
  const selection = useRowSelection(pageRows.map(getRowId), onSelectionChange);

  const view: DataTableViewProps<T> = {
    columns,
    rows: pageRows,
    getRowId,
    getRowLabel,
    selection: selectable ? selection : undefined,
    rowActions,
    caption,
    loading,
    empty: loading ? t('ui.loading') : (emptyState ?? t('global.no_results')),
    sort,
    onSortChange: setSort,
  };

  return (
    // The box the column priorities measure (container queries).
    <div className="@container grid grid-cols-1 gap-3">
      {searchable || toolbar || cards ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {searchable ? (
            <div className="relative w-full sm:max-w-xs">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }}
                placeholder={searchPlaceholder ?? t('ui.table.search')}
                aria-label={searchPlaceholder ?? t('ui.table.search')}
                className="pl-9"
              />
            </div>
          ) : null}
          {toolbar ? <div className="flex items-center gap-2">{toolbar}</div> : null}
          {cards ? (
            <DataTableCardSort columns={columns} sort={sort} onSortChange={setSort} />
          ) : null}
        </div>
      ) : null}
      {cards ? (
        <DataTableCards {...view} headingLevel={cardHeadingLevel} />
      ) : (
        <DataTableGrid {...view} />
      )}
      <TablePaging
        start={shown.length === 0 ? 0 : currentPage * pageSize + 1}
        end={currentPage * pageSize + pageRows.length}
        total={shown.length}
        canPrevious={currentPage > 0}
        canNext={currentPage < pageCount - 1}
        onPrevious={() => setPage(currentPage - 1)}
        onNext={() => setPage(currentPage + 1)}
      />
    </div>
  );
}
