import type { ReactNode } from 'react';
import type { DataTableColumn, SortState } from './data-table-model';
import type { RowAction } from './data-table-row-actions';
import type { RowSelection } from './data-table-selection';

/** What the table and the card list both get from DataTable: one page of rows, ready to show. */
export interface DataTableViewProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  getRowLabel: (row: T) => string;
  /** Absent unless the table is selectable. */
  selection?: RowSelection;
  rowActions?: (row: T) => RowAction[];
  caption?: string;
  loading: boolean;
  /** Shown instead of rows when the page has none. */
  empty: ReactNode;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}
