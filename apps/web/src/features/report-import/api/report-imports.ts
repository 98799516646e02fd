import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ImportJobSchema,
  REPORT_IMPORT_CONTENT_TYPE,
  ReportImportListSchema,
  ReportImportSchema,
  type ImportJob,
  type ReportImport,
} from '@partner-portal/shared/report-import';
import { api, apiUpload } from '@/lib/api-client';

const IMPORTS_URL = '/api/account/data/imports';
const PROGRESS_POLL_MS = 1_000;

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

/**
 * POST /api/account/data/imports/jobs: an upload started, so its progress can be followed and
 * cancelled while its file is sent; a file over the server's limit is refused here, unsent.
 */
export async function startReportImport(file: File): Promise<ImportJob> {
  const answer = await api.post(
    `${IMPORTS_URL}/jobs`,
    { name: file.name, size: file.size },
    { schema: ImportJobSchema },
  );
  return answer.data;
}

/** PUT …/jobs/{id}/file: the file as the body; answers once it is imported or refused. */
export function sendReportFile(
  job: ImportJob,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
) {
  return apiUpload(`${job.statusUrl}/file`, file, {
    method: 'PUT',
    contentType: REPORT_IMPORT_CONTENT_TYPE,
    schema: ReportImportSchema.pick({ id: true, rows: true }),
    ...options,
  });
}

/** GET …/jobs/{id}: how far the upload has got (rows checked and written, time left). */
async function readReportImport(job: ImportJob): Promise<ImportJob> {
  return (await api.get(job.statusUrl, { schema: ImportJobSchema })).data;
}

/** DELETE …/jobs/{id}: stops the upload; nothing of the file is kept. */
export async function cancelReportImport(job: ImportJob): Promise<void> {
  await api.delete(job.statusUrl, undefined, { schema: ImportJobSchema });
}

/** An upload's state read every second while `following`, for the progress under the bar. */
export function useReportImportProgress(job: ImportJob | null, following: boolean) {
  return useQuery({
    queryKey: ['account', 'data', 'imports', 'job', job?.id ?? null] as const,
    queryFn: () => readReportImport(job!),
    enabled: job !== null && following,
    refetchInterval: PROGRESS_POLL_MS,
    // Progress is read as it comes; an old reading is worth nothing once the upload ends.
    gcTime: 0,
    retry: false,
  });
}
