import { useTranslation } from 'react-i18next';
import { TablePaging } from '@/components/ui/table-paging';

/**
 * The server's paging, laid out as the generic table lays out its own: "51–100 of 1,234" and
 * Previous/Next. `busy` keeps the buttons from asking for another page while one is loading.
 */
export function AuditPaging({
  page,
  pageSize,
  shown,
  total,
  busy,
  onPage,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language, { useGrouping: 'always' });
  const start = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const end = shown === 0 ? 0 : start + shown - 1;
  return (
    <TablePaging
      start={format(start)}
      end={format(end)}
      total={format(total)}
      canPrevious={!busy && page > 1}
      canNext={!busy && page * pageSize < total}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
    />
  );
}
