import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  ConsoleFeedbackListSchema,
  ConsoleFeedbackSchema,
  type ConsoleFeedback,
  type ConsoleFeedbackList,
  type FeedbackQuery,
  type FeedbackStatus,
} from '@partner-portal/shared/master';
import { api, type RequestBody } from '@/lib/api-client';
import { listSearch, masterKeys, masterUrl } from './console';

/** What the screen filters by; paging is kept apart so a new filter starts again at page 1. */
export type FeedbackFilters = Pick<FeedbackQuery, 'rating' | 'status' | 'from' | 'to'>;

const feedbackSearch = (filters: FeedbackFilters, page = 1) =>
  listSearch(
    { rating: filters.rating, status: filters.status, from: filters.from, to: filters.to },
    page,
  );

/** GET /api/master/feedback: one page of what users rated, newest first. */
async function fetchFeedback(
  filters: FeedbackFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ConsoleFeedbackList> {
  return (
    await api.get(`${masterUrl('feedback')}${feedbackSearch(filters, page)}`, {
      schema: ConsoleFeedbackListSchema,
      signal,
    })
  ).data;
}

export function useConsoleFeedback(filters: FeedbackFilters, page: number) {
  return useQuery({
    queryKey: [...masterKeys.feedback, feedbackSearch(filters, page)] as const,
    queryFn: ({ signal }) => fetchFeedback(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/master/feedback/{id} {status}: answers the row as saved. */
async function setFeedbackStatus({
  id,
  status,
}: {
  id: string;
  status: FeedbackStatus;
}): Promise<ConsoleFeedback> {
  return (await api.patch(masterUrl('feedback', id), { status }, { schema: ConsoleFeedbackSchema }))
    .data;
}

/** PATCH /api/master/feedback/{id} {note}, for the note form: an emptied note is removed (null). */
export const feedbackNoteRequest = (id: string) => (body: RequestBody) => {
  const note = body instanceof FormData ? body.get('note') : body.note;
  const text = typeof note === 'string' ? note.trim() : '';
  return api.patch(
    masterUrl('feedback', id),
    { note: text === '' ? null : text },
    { schema: ConsoleFeedbackSchema },
  );
};

/**
 * Puts a saved row in place of its old self in every cached page, so it stays where the
 * operator is looking (even when it no longer matches a status filter) until the list is read
 * again; the pages are marked stale for the next visit.
 */
export function usePutFeedback() {
  const queryClient = useQueryClient();
  return useCallback(
    (saved: ConsoleFeedback) => {
      queryClient.setQueriesData<ConsoleFeedbackList>({ queryKey: masterKeys.feedback }, (list) =>
        list
          ? { ...list, rows: list.rows.map((row) => (row.id === saved.id ? saved : row)) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: masterKeys.feedback, refetchType: 'none' });
    },
    [queryClient],
  );
}

/** Triage by status, from the row's select. */
export function useFeedbackStatus() {
  const put = usePutFeedback();
  return useMutation({ mutationFn: setFeedbackStatus, onSuccess: put });
}
