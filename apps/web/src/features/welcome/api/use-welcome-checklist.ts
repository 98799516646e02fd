import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WelcomeChecklistSchema, type WelcomeChecklist } from '@partner-portal/shared/welcome';
import { api } from '@/lib/api-client';

const checklistKey = ['welcome-checklist'] as const;

/**
 * GET /api/account/checklist: asked again on every visit, since each step ticks elsewhere. A
 * list that cannot be read is left out (null), not reported: it is a guide, and the page works
 * without it.
 */
export function useWelcomeChecklist() {
  return useQuery({
    queryKey: checklistKey,
    queryFn: async ({ signal }): Promise<WelcomeChecklist | null> => {
      try {
        return (await api.get('/api/account/checklist', { schema: WelcomeChecklistSchema, signal }))
          .data;
      } catch {
        return null;
      }
    },
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/account/checklist/dismiss: hidden at once, and for good once the server has it. */
export function useDismissWelcomeChecklist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post('/api/account/checklist/dismiss', undefined, {
          schema: WelcomeChecklistSchema,
        })
      ).data,
    onMutate: () => {
      const before = client.getQueryData<WelcomeChecklist | null>(checklistKey);
      if (before) client.setQueryData(checklistKey, { ...before, dismissed: true });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) client.setQueryData(checklistKey, context.before);
    },
    onSuccess: (answer) => client.setQueryData(checklistKey, answer),
  });
}
