import type { ZodType } from 'zod';
import {
  BreakdownResponseSchema,
  EmbedSessionResponseSchema,
  KpisResponseSchema,
  TrendResponseSchema,
  type BreakdownQuery,
  type ReportFilters,
  type ReportRange,
} from '@partner-portal/shared/report-data';
import { api, ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/**
 * Data calls of the embed page: the session from POST /api/embed/session, never the user's, and
 * on every call the filters the page was opened with.
 */
export class EmbedApi {
  constructor(
    private readonly session: string,
    private readonly filters: ReportFilters = {},
  ) {}

  private search(query: Record<string, string | number>): string {
    return new URLSearchParams(
      Object.entries({ ...query, ...this.filters }).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ).toString();
  }

  private async get<T>(
    path: string,
    query: Record<string, string | number>,
    schema: ZodType<T>,
  ): Promise<T> {
    const response = await fetch(`/api/embed/${path}?${this.search(query)}`, {
      headers: { Authorization: `Embed ${this.session}`, Accept: 'application/json' },
    });
    const payload: unknown = await response.json().catch(() => null);
    const envelope = typeof payload === 'object' && payload !== null ? payload : {};
    if (!response.ok) {
      const message = 'message' in envelope ? envelope.message : undefined;
      throw new ApiError(
        response.status,
        typeof message === 'string' ? message : response.statusText,
      );
    }
    const parsed = schema.safeParse('data' in envelope ? envelope.data : undefined);
    if (!parsed.success) {
      console.warn(`Unreadable answer from /api/embed/${path}`, parsed.error.issues);
      throw new ApiError(response.status, i18n.t('global.error.generic'));
    }
    return parsed.data;
  }

  kpis(range: ReportRange) {
    return this.get('kpis', range, KpisResponseSchema);
  }

  trend(range: ReportRange) {
    return this.get('trend', range, TrendResponseSchema);
  }

  breakdown(query: BreakdownQuery) {
    return this.get('breakdown', query, BreakdownResponseSchema);
  }

  /** Downloads the whole breakdown as CSV (what the table shows, every page). */
  async exportCsv(query: BreakdownQuery): Promise<void> {
    const { page: _page, page_size: _size, ...rest } = query;
    const response = await fetch(`/api/embed/breakdown.csv?${this.search(rest)}`, {
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
