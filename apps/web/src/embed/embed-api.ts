import {
  EmbedSessionResponseSchema,
  type BreakdownQuery,
  type BreakdownResponse,
  type KpisResponse,
  type ReportRange,
  type TrendResponse,
} from '@partner-portal/shared/report-data';
import { api, ApiError } from '@/lib/api-client';

/** Data calls of the embed page: the session from POST /api/embed/session, never the user's. */
export class EmbedApi {
  constructor(private readonly session: string) {}

  private async get<T>(path: string, query: Record<string, string | number>): Promise<T> {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    );
    const response = await fetch(`/api/embed/${path}?${search.toString()}`, {
      headers: { Authorization: `Embed ${this.session}`, Accept: 'application/json' },
    });
    const payload = (await response.json().catch(() => null)) as {
      data?: T;
      message?: string;
    } | null;
    if (!response.ok) throw new ApiError(response.status, payload?.message ?? response.statusText);
    return payload?.data as T;
  }

  kpis(range: ReportRange) {
    return this.get<KpisResponse>('kpis', range);
  }

  trend(range: ReportRange) {
    return this.get<TrendResponse>('trend', range);
  }

  breakdown(query: BreakdownQuery) {
    return this.get<BreakdownResponse>('breakdown', query);
  }

  /** Downloads the whole breakdown as CSV (what the table shows, every page). */
  async exportCsv(query: BreakdownQuery): Promise<void> {
    const { page: _page, page_size: _size, ...rest } = query;
    const search = new URLSearchParams(
      Object.entries(rest).map(([key, value]) => [key, String(value)]),
    );
    const response = await fetch(`/api/embed/breakdown.csv?${search.toString()}`, {
      headers: { Authorization: `Embed ${this.session}` },
    });
    if (!response.ok) throw new ApiError(response.status, response.statusText);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `${query.dimension}-${query.from}-${query.to}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  }
}

/**
 * POST /api/embed/session: the URL token traded for a data session. The embed page already holds
 * the report-data schemas (its range filter checks with them), so this one costs nothing more.
 */
export function openEmbedSession(workbookId: string, token: string) {
  return api.post(
    '/api/embed/session',
    { workbook_id: workbookId, token },
    { schema: EmbedSessionResponseSchema },
  );
}
