import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n';

export type ColumnKind = 'text' | 'date' | 'datetime' | 'number';

/**
 * How long a column holds on as the table narrows: 1 never gives way, 5 goes first (the widths
 * are in data-table-priority.ts). Without one a column never gives way, as before priorities.
 */
export type ColumnPriority = 1 | 2 | 3 | 4 | 5;

export interface DataTableColumn<T> {
  key: string;
  header: string;
  accessor?: (row: T) => unknown;
  cell?: (row: T) => ReactNode;
  sortable?: boolean;
  kind?: ColumnKind;
  /**
   * The first column of priority 1 names the row: it heads the row's card on phones and stays
   * in view when the table scrolls sideways.
   */
  priority?: ColumnPriority;
}

export type SortState = { key: string; direction: 'ascending' | 'descending' } | null;

/** The column that names a row: the first of priority 1, else simply the first. */
export function identityColumn<T>(columns: DataTableColumn<T>[]): DataTableColumn<T> | undefined {
  return columns.find((column) => column.priority === 1) ?? columns[0];
}

/** A card's label/value pairs: every other column, the ones that give way last first. */
export function cardFacts<T>(columns: DataTableColumn<T>[]): DataTableColumn<T>[] {
  const identity = identityColumn(columns);
  return columns
    .filter((column) => column !== identity)
    .sort((a, b) => (a.priority ?? 1) - (b.priority ?? 1));
}

/** What a cell shows: the column's own rendering, else its value formatted for its kind. */
export function renderCell<T>(column: DataTableColumn<T>, row: T): ReactNode {
  return column.cell ? column.cell(row) : formatCell(cellValue(column, row), column.kind);
}

function cellValue<T>(column: DataTableColumn<T>, row: T): unknown {
  return column.accessor ? column.accessor(row) : (row as Record<string, unknown>)[column.key];
}

/**
 * Table date-times are trimmed to date and time (no seconds), dates to the date, all in the
 * viewer's language ("25 nov 2026, 0:45" in Spanish), as are numbers.
 */
export function formatCell(value: unknown, kind: ColumnKind = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  const locale = i18n.language;
  if (kind === 'date' || kind === 'datetime') {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) return String(value);
    return kind === 'date'
      ? date.toLocaleDateString(locale, { dateStyle: 'medium' })
      : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  }
  if (kind === 'number' && typeof value === 'number')
    return value.toLocaleString(locale, {
      // Spanish leaves 4-digit numbers ungrouped by default: 7885 beside 16.270 in one column.
      useGrouping: 'always',
    });
  return String(value);
}

function sortKey(value: unknown, kind: ColumnKind): number | string {
  if (value === null || value === undefined) return '';
  if (kind === 'date' || kind === 'datetime') return new Date(String(value)).getTime() || 0;
  if (typeof value === 'number') return value;
  return String(value).toLowerCase();
}

/** Filters by the search text over every column, then sorts by value (not by display text). */
export function visibleRows<T>(
  rows: T[],
  columns: DataTableColumn<T>[],
  search: string,
  sort: SortState,
): T[] {
  const needle = search.trim().toLowerCase();
  const filtered = needle
    ? rows.filter((row) =>
        columns.some((column) =>
          formatCell(cellValue(column, row), column.kind).toLowerCase().includes(needle),
        ),
      )
    : rows;
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !column) return filtered;
  const factor = sort.direction === 'ascending' ? 1 : -1;
  return [...filtered].sort((a, b) => {
    const left = sortKey(cellValue(column, a), column.kind ?? 'text');
    const right = sortKey(cellValue(column, b), column.kind ?? 'text');
    return (left < right ? -1 : left > right ? 1 : 0) * factor;
  });
}
