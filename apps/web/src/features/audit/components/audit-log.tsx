import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { auditSearch, useAuditLog, type AuditFilters } from '../api/audit';
import { AuditFilterBar } from './audit-filter-bar';
import { AuditPaging } from './audit-paging';
import { AuditTable } from './audit-table';
import { ExportAuditButton } from './export-audit-button';

interface View {
  filters: AuditFilters;
  page: number;
}

/** The account's audit log: filters, one page of events, the server's paging, and the export. */
export function AuditLog() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ filters: {}, page: 1 });
  // Other filters are another list, read from its first page; the same ones keep the page.
  const applyFilters = useCallback(
    (filters: AuditFilters) =>
      setView((current) =>
        auditSearch(current.filters) === auditSearch(filters) ? current : { filters, page: 1 },
      ),
    [],
  );
  const log = useAuditLog(view.filters, view.page);
  const rows = log.data?.rows ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <AuditFilterBar onApply={applyFilters} />
      <div className="flex flex-wrap justify-end gap-2">
        <ExportAuditButton filters={view.filters} format="csv" />
        <ExportAuditButton filters={view.filters} format="json" />
      </div>
      {log.isError ? (
        <Banner
          variant="error"
          title={t('audit.load_failed')}
          action={
            <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
              {t('audit.retry')}
            </Button>
          }
        />
      ) : null}
      {/* The box the column priorities measure (container queries). */}
      <div className="@container grid grid-cols-1 gap-3">
        <AuditTable
          rows={rows}
          caption={t('audit.caption')}
          loading={log.isPending || log.isPlaceholderData}
          empty={log.isPending ? t('ui.loading') : log.isError ? '' : t('audit.empty')}
        />
        <AuditPaging
          page={log.data?.page ?? view.page}
          pageSize={log.data?.page_size ?? 1}
          shown={rows.length}
          total={log.data?.total ?? 0}
          busy={log.isFetching}
          onPage={(page) => setView((current) => ({ ...current, page }))}
        />
      </div>
    </div>
  );
}
