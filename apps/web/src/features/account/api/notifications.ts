import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NotificationListSchema,
  type NotificationList,
  type NotificationPatch,
} from '@partner-portal/shared/notifications';
import { api } from '@/lib/api-client';

/** GET /api/notification: every notification with whether it is on. */
async function fetchNotifications(): Promise<NotificationList> {
  return (await api.get('/api/notification', { schema: NotificationListSchema })).data;
}

/** PATCH /api/notification: the switches that changed; answers every switch as stored. */
async function saveNotifications(patch: NotificationPatch): Promise<NotificationList> {
  return (await api.patch('/api/notification', patch, { schema: NotificationListSchema })).data;
}

const notificationsQueryOptions = () => ({
  queryKey: ['notification'] as const,
  queryFn: fetchNotifications,
  // A failure shows the retry banner at once: no silent retries first.
  retry: false,
});

/** A failed load goes to the central handler (query cache); the screen offers a retry. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/**
 * Saves the changed switches; what the server stored replaces the cached list. A failure goes to
 * the central handler (mutation cache).
 */
export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotifications,
    onSuccess: (list) => queryClient.setQueryData(notificationsQueryOptions().queryKey, list),
  });
}
