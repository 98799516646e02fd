import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Checkbox } from './checkbox';
import { identityColumn, renderCell, type SortState } from './data-table-model';
import { priorityClass } from './data-table-priority';
import { RowActionsMenu } from './data-table-row-actions';
import type { DataTableViewProps } from './data-table-view';

// The identity and actions cells stick to the edges should the table still be wider than its
// box, so they paint over the cells passing beneath them: every row background is opaque, its
// tint mixed into the card colour rather than laid over it, and sticky cells inherit it.
const HEAD_ROW = 'bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]';
const BODY_ROW = 'bg-card hover:bg-[color-mix(in_oklab,var(--color-muted)_40%,var(--color-card))]';
const SELECTED_ROW = 'bg-[color-mix(in_oklab,var(--color-accent)_50%,var(--color-card))]';
const STICKY = 'sticky z-10 bg-inherit';

function nextSort(current: SortState, key: string): SortState {
  return current?.key === key && current.direction === 'ascending'
    ? { key, direction: 'descending' }
    : { key, direction: 'ascending' };
}

/** The wide layout: a real table whose lower-priority columns give way as its box narrows. */
export function DataTableGrid<T>({
  columns,
  rows,
  getRowId,
  getRowLabel,
  selection,
  rowActions,
  caption,
  loading,
  empty,
  sort,
  onSortChange,
}: DataTableViewProps<T>) {
  const { t } = useTranslation();
  const identity = identityColumn(columns);
  // The checkbox column is w-10, so the identity column sticks just after it.
  const identitySticky = cn(STICKY, selection ? 'left-10' : 'left-0');

  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full caption-bottom text-sm" aria-busy={loading || undefined}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className={cn('border-b border-border', HEAD_ROW)}>
            {selection ? (
              <th scope="col" className={cn('w-10 px-3 py-2', STICKY, 'left-0')}>
                <Checkbox
                  aria-label={t('ui.table.select_all')}
                  checked={selection.page}
                  onCheckedChange={(state) => selection.setPage(state === true)}
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
                  data-priority={column.priority}
                  className={cn(
                    'px-3 py-2 text-left font-medium whitespace-nowrap text-muted-foreground',
                    priorityClass(column.priority),
                    column === identity && identitySticky,
                  )}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(nextSort(sort, column.key))}
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
              <th scope="col" className={cn('w-12 px-3 py-2', STICKY, 'right-0')}>
                <span className="sr-only">{t('ui.table.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0)}
                className="px-3 py-10 text-center text-muted-foreground"
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = getRowId(row);
              const label = getRowLabel(row);
              const selected = selection?.isSelected(id) ?? false;
              return (
                <tr
                  key={id}
                  className={cn(
                    'border-b border-border last:border-0',
                    selected ? SELECTED_ROW : BODY_ROW,
                  )}
                >
                  {selection ? (
                    <td className={cn('px-3 py-2', STICKY, 'left-0')}>
                      <Checkbox
                        aria-label={t('ui.table.select_row', { row: label })}
                        checked={selected}
                        onCheckedChange={(state) => selection.setRow(id, state === true)}
                      />
                    </td>
                  ) : null}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      data-priority={column.priority}
                      className={cn(
                        'px-3 py-2 whitespace-nowrap',
                        priorityClass(column.priority),
                        column === identity && identitySticky,
                      )}
                    >
                      {renderCell(column, row)}
                    </td>
                  ))}
                  {rowActions ? (
                    <td className={cn('px-3 py-1 text-right', STICKY, 'right-0')}>
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
  );
}
