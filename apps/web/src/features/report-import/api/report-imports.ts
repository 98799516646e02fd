import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_IMPORT_CONTENT_TYPE,
  ReportImportListSchema,
  ReportImportSchema,
  type ReportImport,
} from '@partner-portal/shared/report-import';
import { api, apiUpload } from '@/lib/api-client';

const IMPORTS_URL = '/api/account/data/imports';

const reportImportsQueryOptions = () => ({
  queryKey: ['account', 'data', 'imports'] as const,
  queryFn: async (): Promise<ReportImport[]> =>
    (await api.get(IMPORTS_URL, { schema: ReportImportListSchema })).data,
});

/** GET /api/account/data/imports: the account's latest imports, newest first. */
export function useReportImports() {
  return useQuery(reportImportsQueryOptions());
}

/** The history is read again after an import, so the new entry shows as the server keeps it. */
export function useRefreshReportImports(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportImportsQueryOptions().queryKey });
}

/** POST /api/account/data/imports: the file as the body, its name in the query string. */
export function uploadReportFile(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
) {
  return apiUpload(`${IMPORTS_URL}?name=${encodeURIComponent(file.name)}`, file, {
    contentType: REPORT_IMPORT_CONTENT_TYPE,
    schema: ReportImportSchema.pick({ id: true, rows: true }),
    ...options,
  });
}
