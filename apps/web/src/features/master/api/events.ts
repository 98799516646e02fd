import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ConsoleEventListSchema,
  type ConsoleEventList,
  type EventsQuery,
} from '@partner-portal/shared/master';
import { api } from '@/lib/api-client';
import { listSearch, masterKeys, masterUrl } from './console';

/** What the screen filters by; paging is kept apart so a new filter starts again at page 1. */
export type EventFilters = Pick<EventsQuery, 'name' | 'account' | 'email' | 'from' | 'to'>;

const eventsSearch = (filters: EventFilters, page = 1) =>
  listSearch(
    {
      name: filters.name,
      account: filters.account,
      email: filters.email,
      from: filters.from,
      to: filters.to,
    },
    page,
  );

/** GET /api/master/events: one page of product events and the daily counts of the same filter. */
async function fetchEvents(
  filters: EventFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ConsoleEventList> {
  return (
    await api.get(`${masterUrl('events')}${eventsSearch(filters, page)}`, {
      schema: ConsoleEventListSchema,
      signal,
    })
  ).data;
}

export function useConsoleEvents(filters: EventFilters, page: number) {
  return useQuery({
    queryKey: [...masterKeys.events, eventsSearch(filters, page)] as const,
    queryFn: ({ signal }) => fetchEvents(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}
