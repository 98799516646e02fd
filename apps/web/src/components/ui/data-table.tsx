import { useMemo, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { RowActionsMenu, type RowAction } from './data-table-row-actions';
import { Input } from './input';
import {
  cellValue,
  formatCell,
  visibleRows,
  type DataTableColumn,
  type SortState,
} from './data-table-model';

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
}

/** The generic table of spec §2: search, sort, select, row actions, empty state, paging text. */
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
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const shown = useMemo(
    () => visibleRows(rows, columns, search, sort),
    [rows, columns, search, sort],
  );
  const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
  const currentPage = Math.min(page, pageCount - 1);
  const pageRows = shown.slice(currentPage * pageSize, (currentPage + 1) * pageSize);
  const pageIds = pageRows.map(getRowId);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;

  const changeSelection = (next: Set<string>) => {
    setSelected(next);
    onSelectionChange?.([...next]);
  };
  const toggleSort = (key: string) => {
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-3">
      {searchable || toolbar ? (
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
        </div>
      ) : null}
      <div className="relative overflow-x-auto rounded-lg border border-border">
        <table className="w-full caption-bottom text-sm" aria-busy={loading || undefined}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-muted/50">
            <tr className="border-b border-border">
              {selectable ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <Checkbox
                    aria-label={t('ui.table.select_all')}
                    checked={
                      selectedOnPage === 0
                        ? false
                        : selectedOnPage === pageIds.length
                          ? true
                          : 'indeterminate'
                    }
                    onCheckedChange={(state) => {
                      const next = new Set(selected);
                      pageIds.forEach((id) => (state === true ? next.add(id) : next.delete(id)));
                      changeSelection(next);
                    }}
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                const SortIcon =
                  direction === 'ascending'
                    ? ArrowUp
                    : direction === 'descending'
                      ? ArrowDown
                      : ArrowUpDown;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={direction ?? (column.sortable ? 'none' : undefined)}
                    className="px-3 py-2 text-left font-medium whitespace-nowrap text-muted-foreground"
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        onClick={() => toggleSort(column.key)}
                        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {column.header}
                        <SortIcon aria-hidden className="size-3.5" />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {rowActions ? (
                <th scope="col" className="w-12 px-3 py-2">
                  <span className="sr-only">{t('ui.table.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {pageRows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0)}
                  className="px-3 py-10 text-center text-muted-foreground"
                >
                  {loading ? t('ui.loading') : (emptyState ?? t('global.no_results'))}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => {
                const id = getRowId(row);
                const label = getRowLabel(row);
                return (
                  <tr
                    key={id}
                    className={cn(
                      'border-b border-border last:border-0 hover:bg-muted/40',
                      selected.has(id) && 'bg-accent/50',
                    )}
                  >
                    {selectable ? (
                      <td className="px-3 py-2">
                        <Checkbox
                          aria-label={t('ui.table.select_row', { row: label })}
                          checked={selected.has(id)}
                          onCheckedChange={(state) => {
                            const next = new Set(selected);
                            if (state === true) next.add(id);
                            else next.delete(id);
                            changeSelection(next);
                          }}
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td key={column.key} className="px-3 py-2 whitespace-nowrap">
                        {column.cell
                          ? column.cell(row)
                          : formatCell(cellValue(column, row), column.kind)}
                      </td>
                    ))}
                    {rowActions ? (
                      <td className="px-3 py-1 text-right">
                        <RowActionsMenu
                          label={t('ui.table.row_actions', { row: label })}
                          actions={rowActions(row)}
                        />
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <p aria-live="polite">
          {t('ui.table.paging', {
            start: shown.length === 0 ? 0 : currentPage * pageSize + 1,
            end: currentPage * pageSize + pageRows.length,
            total: shown.length,
          })}
        </p>
        <div className="flex gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={t('ui.table.previous')}
            disabled={currentPage === 0}
            onClick={() => setPage(currentPage - 1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('ui.table.next')}
            disabled={currentPage >= pageCount - 1}
            onClick={() => setPage(currentPage + 1)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
