import type { ReactNode } from 'react';
import type { AuditEvent } from '@partner-portal/shared/audit';
import { DataTableCards } from '@/components/ui/data-table-cards';
import { DataTableGrid } from '@/components/ui/data-table-grid';
import { useCardLayout } from '@/components/ui/data-table-layout';
import type { DataTableViewProps } from '@/components/ui/data-table-view';
import { useAuditColumns } from './audit-columns';

const eventId = (event: AuditEvent) => String(event.id);
const noSort = () => undefined;

/**
 * One server page of events in the generic table's two views (a table whose columns give way by
 * priority, cards on phones). Not `DataTable` itself: that one pages, searches and sorts the
 * rows it is given, where the log's rows are already one page of a filtered, ordered whole.
 */
export function AuditTable({
  rows,
  caption,
  loading,
  empty,
}: {
  rows: AuditEvent[];
  caption: string;
  loading: boolean;
  empty: ReactNode;
}) {
  const cards = useCardLayout();
  const view: DataTableViewProps<AuditEvent> = {
    columns: useAuditColumns(),
    rows,
    getRowId: eventId,
    getRowLabel: eventId,
    caption,
    loading,
    empty,
    sort: null,
    onSortChange: noSort,
  };
  return cards ? <DataTableCards {...view} headingLevel={2} /> : <DataTableGrid {...view} />;
}
