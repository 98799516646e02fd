import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AuditListResponseSchema,
  type AuditListResponse,
  type AuditQuery,
} from '@partner-portal/shared/audit';
import { api, apiBlob } from '@/lib/api-client';

/** What the screen filters by; paging is kept apart so a new filter starts again at page 1. */
export type AuditFilters = Pick<AuditQuery, 'from' | 'to' | 'actor' | 'action' | 'outcome'>;

const FILTER_KEYS = ['from', 'to', 'actor', 'action', 'outcome'] as const;

/**
 * The query string both routes read: only the filters that are set, in a fixed order, and the
 * page past the first (the server's defaults fill in the rest), so one view has one URL.
 */
export function auditSearch(filters: AuditFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/audit: one page of the account's events, newest first. */
async function fetchAuditLog(
  filters: AuditFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  return (
    await api.get(`/api/audit${auditSearch(filters, page)}`, {
      schema: AuditListResponseSchema,
      signal,
    })
  ).data;
}

/** The formats the log exports to. */
export type AuditExportFormat = 'csv' | 'json';

/** GET /api/audit.csv or .json: every event the filters match, as a file; the export is logged too. */
export function fetchAuditExport(filters: AuditFilters, format: AuditExportFormat): Promise<Blob> {
  return apiBlob(`/api/audit.${format}${auditSearch(filters)}`);
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, page: number) => [...auditKeys.all, 'list', filters, page] as const,
};

/**
 * A failed load goes to the central handler (query cache); the screen offers a retry. The page
 * shown stays while the next one loads, so paging does not blank the table.
 */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.list(filters, page),
    queryFn: ({ signal }) => fetchAuditLog(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}
