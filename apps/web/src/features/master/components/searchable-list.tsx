import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/ui/data-table';
import { PagedTable, type ServerPage } from './paged-table';
import { SearchBox } from './search-box';
import { useSearchState } from './use-search-state';

const KEYS = ['q'] as const;

/** A searched list's text and page, kept in the address (`?q=…&page=…`). */
export function useListSearch() {
  const { values, page, setFilters, setPage } = useSearchState(KEYS);
  return { q: values.q, page, setQ: (q: string) => setFilters({ q }), setPage };
}

/**
 * A list searched by one text and paged on the server: the search box over the table. `list` is
 * the page `search` asks for; `texts` is the prefix of the list's i18n keys (`….search`,
 * `….search_placeholder`, `….caption`, `….empty`, `….empty_search`, `….load_failed`).
 */
export function SearchableList<T extends { id: string }>({
  id,
  texts,
  search,
  list,
  columns,
  getRowLabel,
}: {
  /** The search field's id. */
  id: string;
  texts: string;
  search: ReturnType<typeof useListSearch>;
  list: UseQueryResult<ServerPage<T>>;
  columns: DataTableColumn<T>[];
  getRowLabel: (row: T) => string;
}) {
  const { t } = useTranslation();
  const { q } = search;
  return (
    <div className="grid grid-cols-1 gap-4">
      <SearchBox
        id={id}
        label={t(`${texts}.search`)}
        placeholder={t(`${texts}.search_placeholder`)}
        value={q}
        onSearch={search.setQ}
      />
      <PagedTable
        list={list}
        page={search.page}
        onPage={search.setPage}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={getRowLabel}
        caption={t(`${texts}.caption`)}
        empty={q ? t(`${texts}.empty_search`, { q }) : t(`${texts}.empty`)}
        loadFailed={t(`${texts}.load_failed`)}
      />
    </div>
  );
}
