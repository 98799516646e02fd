import { useQuery } from '@tanstack/react-query';
import { AdvertiserListSchema } from '@partner-portal/shared/team';
import { api } from '@/lib/api-client';

/**
 * GET /api/account/users/advertisers: the advertisers the account's report data names, offered
 * in the member dialogs. Loaded while one is open; a failure is toasted centrally and leaves the
 * name to be typed (with the warning every unlisted name gets).
 */
export function useAdvertisers() {
  return useQuery({
    queryKey: ['team', 'advertisers'] as const,
    queryFn: async () =>
      (await api.get('/api/account/users/advertisers', { schema: AdvertiserListSchema })).data
        .advertisers,
  });
}
