import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WelcomeChecklistSchema, type WelcomeChecklist } from '@partner-portal/shared/welcome';
import { api } from '@/lib/api-client';

const checklistKey = ['welcome-checklist'] as const;

/** GET /api/account/checklist: asked again on every visit, since each step ticks elsewhere. */
export function useWelcomeChecklist() {
  return useQuery({
    queryKey: checklistKey,
    queryFn: async ({ signal }) =>
      (await api.get('/api/account/checklist', { schema: WelcomeChecklistSchema, signal })).data,
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
      const before = client.getQueryData<WelcomeChecklist>(checklistKey);
      if (before) client.setQueryData(checklistKey, { ...before, dismissed: true });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) client.setQueryData(checklistKey, context.before);
    },
    onSuccess: (answer) => client.setQueryData(checklistKey, answer),
  });
}
