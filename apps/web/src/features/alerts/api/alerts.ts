import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertHistorySchema,
  AlertListSchema,
  AlertSchema,
  type Alert,
  type AlertCreateInput,
  type AlertHistoryEntry,
  type AlertList,
  type AlertPatchInput,
} from '@partner-portal/shared/alerts';
import { api, type ApiAnswer } from '@/lib/api-client';

const URL = '/api/alerts';
const alertUrl = (id: string) => `${URL}/${encodeURIComponent(id)}`;

/** GET /api/alerts: the member's own alerts, how many they may keep, and whether anomalies are open. */
async function fetchAlerts(): Promise<AlertList> {
  return (await api.get(URL, { schema: AlertListSchema })).data;
}

/** GET /api/alerts/{id}/history: what the alert did, newest first. */
async function fetchAlertHistory(id: string): Promise<AlertHistoryEntry[]> {
  return (await api.get(`${alertUrl(id)}/history`, { schema: AlertHistorySchema })).data;
}

/*
 * Every change answers the alert as stored and a message for the toast: the screen puts the
 * answer in the cache instead of asking again.
 */

/** POST /api/alerts. */
export const createAlert = (input: AlertCreateInput): Promise<ApiAnswer<Alert>> =>
  api.post(URL, input, { schema: AlertSchema });

/** PATCH /api/alerts/{id}: only what changed; `snoozed_until` alone snoozes or wakes it. */
export const updateAlert = (id: string, patch: AlertPatchInput): Promise<ApiAnswer<Alert>> =>
  api.patch(alertUrl(id), patch, { schema: AlertSchema });

/** DELETE /api/alerts/{id}: the alert and its history go. */
export const deleteAlert = (id: string): Promise<ApiAnswer<unknown>> => api.delete(alertUrl(id));

const listKey = ['alerts', 'list'] as const;
const historyKey = (id: string) => ['alerts', 'history', id] as const;

/**
 * Asked only when `enabled` (a plan with alerts): below it the server would answer 402. A
 * failure shows the retry banner at once: no silent retries first.
 */
export function useAlerts(enabled: boolean) {
  return useQuery({ queryKey: listKey, queryFn: fetchAlerts, enabled, retry: false });
}

/** One alert's history, asked when its panel opens. */
export function useAlertHistory(id: string) {
  return useQuery({
    queryKey: historyKey(id),
    queryFn: () => fetchAlertHistory(id),
    retry: false,
  });
}

/**
 * Applies a change's answer to the cached list, so the screen agrees without a refetch: a new
 * alert goes last (the list is in the order they were made), a changed one replaces its row, a
 * deleted one goes, with its history.
 */
export function useAlertsCache() {
  const queryClient = useQueryClient();
  const update = (change: (alerts: Alert[]) => Alert[]) =>
    queryClient.setQueryData<AlertList>(
      listKey,
      (list) => list && { ...list, alerts: change(list.alerts) },
    );
  return {
    putAlert: (alert: Alert) =>
      update((alerts) =>
        alerts.some((row) => row.id === alert.id)
          ? alerts.map((row) => (row.id === alert.id ? alert : row))
          : [...alerts, alert],
      ),
    removeAlert: (id: string) => {
      update((alerts) => alerts.filter((row) => row.id !== id));
      queryClient.removeQueries({ queryKey: historyKey(id) });
    },
  };
}

/** Snooze until an instant, or wake with null: the answer replaces the alert's row. */
export function useSnoozeAlert() {
  const { putAlert } = useAlertsCache();
  return useMutation({
    mutationFn: ({ id, until }: { id: string; until: string | null }) =>
      updateAlert(id, { snoozed_until: until }),
    onSuccess: (answer) => putAlert(answer.data),
  });
}
