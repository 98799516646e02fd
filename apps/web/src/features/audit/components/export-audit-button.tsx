import { useState } from 'react';
import { Download } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { handleApiError } from '@/lib/error-handler';
import {
  auditKeys,
  fetchAuditExport,
  type AuditExportFormat,
  type AuditFilters,
} from '../api/audit';

/** Hands a file to the browser's download, under `name`, without leaving the page. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked a moment later: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Downloads the events the filters match as CSV or JSON. Fetched (not linked) because the API wants the
 * bearer token, which a plain link cannot send.
 */
export function ExportAuditButton({
  filters,
  format,
}: {
  filters: AuditFilters;
  format: AuditExportFormat;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const exportFile = async () => {
    setBusy(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      saveFile(await fetchAuditExport(filters, format), `audit-log-${day}.${format}`);
      // The export is an event of its own: the list shows it without a reload.
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} onClick={() => void exportFile()}>
      {busy ? null : <Download aria-hidden />}
      {t(format === 'csv' ? 'audit.export' : 'audit.export_json')}
    </Button>
  );
}
