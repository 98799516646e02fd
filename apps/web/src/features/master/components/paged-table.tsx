import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/ui/data-table';
import { TablePaging } from '@/components/ui/table-paging';
import { LoadError } from './load-error';
import { RowsTable } from './rows-table';

export interface ServerPage<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * One server page of a list: the rows (the page shown stays while the next loads), "51–100 of
 * 1,234" with Previous and Next, an empty state, and a failed load with a retry instead of it.
 */
export function PagedTable<T>({
  list,
  page,
  onPage,
  columns,
  getRowId,
  getRowLabel,
  caption,
  empty,
  loadFailed,
}: {
  list: UseQueryResult<ServerPage<T>>;
  page: number;
  onPage: (page: number) => void;
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  getRowLabel?: (row: T) => string;
  caption: string;
  empty: ReactNode;
  loadFailed: string;
}) {
  const { t, i18n } = useTranslation();
  const rows = list.data?.rows ?? [];
  const shownPage = list.data?.page ?? page;
  const pageSize = list.data?.page_size ?? 1;
  const total = list.data?.total ?? 0;
  const format = (value: number) => value.toLocaleString(i18n.language, { useGrouping: 'always' });
  const start = rows.length === 0 ? 0 : (shownPage - 1) * pageSize + 1;
  const end = rows.length === 0 ? 0 : start + rows.length - 1;
  const busy = list.isFetching;
  return (
    <div className="grid grid-cols-1 gap-3">
      {list.isError ? (
        <LoadError title={loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      <RowsTable
        columns={columns}
        rows={rows}
        getRowId={getRowId}
        getRowLabel={getRowLabel}
        caption={caption}
        loading={list.isPending || list.isPlaceholderData}
        empty={list.isPending ? t('ui.loading') : list.isError ? '' : empty}
      />
      <TablePaging
        start={format(start)}
        end={format(end)}
        total={format(total)}
        canPrevious={!busy && shownPage > 1}
        canNext={!busy && shownPage * pageSize < total}
        onPrevious={() => onPage(shownPage - 1)}
        onNext={() => onPage(shownPage + 1)}
      />
    </div>
  );
}
