import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toLocale } from '@partner-portal/shared/constants';
import {
  InsightsResponseSchema,
  type InsightFeedback,
  type InsightsResponse,
} from '@partner-portal/shared/insights';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '@/lib/api-client';

/** What the panel shows: the answer, or the locked teaser when the plan lacks insights (402). */
export type InsightsAnswer = { locked: false; response: InsightsResponse } | { locked: true };

const insightsKey = (workbookId: string, locale: string) =>
  ['insights', workbookId, locale] as const;

/**
 * GET /api/insights for the workbook beside the panel, in the viewer's language (the sentences
 * are worded by the server). A 402 is an answer here, not an error: the panel shows its teaser
 * instead of sending the user to the upgrade screen unasked.
 */
export function useInsights(workbookId: string) {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return useQuery({
    queryKey: insightsKey(workbookId, locale),
    queryFn: async ({ signal }): Promise<InsightsAnswer> => {
      try {
        const { data } = await api.get(
          `/api/insights?workbook_id=${encodeURIComponent(workbookId)}`,
          { schema: InsightsResponseSchema, signal },
        );
        return { locked: false, response: data };
      } catch (error) {
        if (error instanceof ApiError && error.status === 402) return { locked: true };
        throw error;
      }
    },
    // Insights change once a data day; a panel reopened within the session reads the cache.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** POST /api/insights/{id}/feedback; a mute refreshes the panel so the series leaves it. */
export function useInsightFeedback(workbookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, feedback }: { id: string; feedback: InsightFeedback }) =>
      api.post(`/api/insights/${encodeURIComponent(id)}/feedback`, feedback),
    onSuccess: (_, { feedback }) => {
      if (feedback.mute_days !== undefined) {
        return client.invalidateQueries({ queryKey: ['insights', workbookId] });
      }
      return undefined;
    },
  });
}

/** PATCH /api/insights/settings: the owner's AI-summary switch; the panel reloads to show it. */
export function useNarrativeSetting(workbookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (narrative: boolean) => api.patch('/api/insights/settings', { narrative }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['insights', workbookId] }),
  });
}
