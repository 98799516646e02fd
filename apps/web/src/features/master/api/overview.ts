import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OverviewSchema, type Overview } from '@partner-portal/shared/master';
import { api } from '@/lib/api-client';
import { listSearch, masterKeys, masterUrl } from './console';

/** The periods the overview offers, in days (the server takes 7 to 365). */
export const OVERVIEW_PERIODS = [7, 30, 90, 365] as const;

/** GET /api/master/overview?days=: the figures of the last `days` days and the ones before. */
async function fetchOverview(days: number, signal?: AbortSignal): Promise<Overview> {
  return (
    await api.get(`${masterUrl('overview')}${listSearch({ days: String(days) })}`, {
      schema: OverviewSchema,
      signal,
    })
  ).data;
}

/** The figures stay on screen while another period loads. */
export function useOverview(days: number) {
  return useQuery({
    queryKey: masterKeys.overview(days),
    queryFn: ({ signal }) => fetchOverview(days, signal),
    placeholderData: keepPreviousData,
  });
}
