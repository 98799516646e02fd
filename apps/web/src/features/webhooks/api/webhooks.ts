import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookListSchema,
  WebhookRevealSchema,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookList,
  type WebhookPatchInput,
  type WebhookReveal,
} from '@partner-portal/shared/webhooks';
import { api, type ApiAnswer } from '@/lib/api-client';

const URL = '/api/webhooks';
const endpointUrl = (id: string) => `${URL}/${encodeURIComponent(id)}`;

/** GET /api/webhooks: the account's endpoints (never a secret) and how many it may have. */
async function fetchWebhooks(): Promise<WebhookList> {
  return (await api.get(URL, { schema: WebhookListSchema })).data;
}

/*
 * Every change answers what was stored and a message for the toast: the screen puts the answer
 * in the cache instead of asking again.
 */

/** POST /api/webhooks: the answer is the only time the signing secret is sent. */
export const createWebhook = (input: WebhookCreateInput): Promise<ApiAnswer<WebhookReveal>> =>
  api.post(URL, input, { schema: WebhookRevealSchema });

/** PATCH /api/webhooks/{id}: only what changed; `enabled: true` turns a disabled one back on. */
export const updateWebhook = (
  id: string,
  patch: WebhookPatchInput,
): Promise<ApiAnswer<WebhookEndpoint>> =>
  api.patch(endpointUrl(id), patch, { schema: WebhookEndpointSchema });

/** DELETE /api/webhooks/{id}: the endpoint and its delivery history go. */
export const deleteWebhook = (id: string): Promise<ApiAnswer<unknown>> =>
  api.delete(endpointUrl(id));

/** POST /api/webhooks/{id}/rotate-secret: a new secret, answered once; the old one signs 24 h more. */
export const rotateWebhookSecret = (id: string): Promise<ApiAnswer<WebhookReveal>> =>
  api.post(`${endpointUrl(id)}/rotate-secret`, undefined, { schema: WebhookRevealSchema });

/** POST /api/webhooks/{id}/test: sends `webhook.test` now and answers the finished delivery. */
const sendTestEvent = (id: string): Promise<ApiAnswer<WebhookDelivery>> =>
  api.post(`${endpointUrl(id)}/test`, undefined, { schema: WebhookDeliverySchema });

/** POST …/deliveries/{delivery_id}/retry: a failed delivery queued again; the answer is pending. */
const retryDelivery = (id: string, deliveryId: string): Promise<ApiAnswer<WebhookDelivery>> =>
  api.post(`${endpointUrl(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`, undefined, {
    schema: WebhookDeliverySchema,
  });

/** GET /api/webhooks/{id}/deliveries: one page, newest first. */
async function fetchDeliveries(
  id: string,
  page: number,
  pageSize: number,
): Promise<WebhookDeliveryPage> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return (
    await api.get(`${endpointUrl(id)}/deliveries?${query.toString()}`, {
      schema: WebhookDeliveryPageSchema,
    })
  ).data;
}

const listKey = ['webhooks', 'list'] as const;
const deliveriesKey = (id: string) => ['webhooks', 'deliveries', id] as const;

/**
 * Asked only when `enabled` (an account on Plus or above): below it the server would answer 402.
 * A failure shows the retry banner at once: no silent retries first.
 */
export function useWebhooks(enabled: boolean) {
  return useQuery({ queryKey: listKey, queryFn: fetchWebhooks, enabled, retry: false });
}

/** One page of an endpoint's deliveries; the page shown stays while the next one loads. */
export function useDeliveries(id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...deliveriesKey(id), page, pageSize] as const,
    queryFn: () => fetchDeliveries(id, page, pageSize),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The list row of a create or rotate answer: the secret never goes into the query cache. */
function listRow(endpoint: WebhookEndpoint | WebhookReveal): WebhookEndpoint {
  if (!('secret' in endpoint)) return endpoint;
  const { secret: _secret, ...row } = endpoint;
  return row;
}

/**
 * Applies a change's answer to the cached list, so the screen agrees without a refetch: a new
 * endpoint goes last (the list is in the order they were added), a changed one replaces its
 * row, a deleted one goes, with its deliveries.
 */
export function useWebhooksCache() {
  const queryClient = useQueryClient();
  const update = (change: (endpoints: WebhookEndpoint[]) => WebhookEndpoint[]) =>
    queryClient.setQueryData<WebhookList>(
      listKey,
      (list) => list && { ...list, endpoints: change(list.endpoints) },
    );
  return {
    putEndpoint: (answer: WebhookEndpoint | WebhookReveal) => {
      const row = listRow(answer);
      update((endpoints) =>
        endpoints.some((endpoint) => endpoint.id === row.id)
          ? endpoints.map((endpoint) => (endpoint.id === row.id ? row : endpoint))
          : [...endpoints, row],
      );
    },
    removeEndpoint: (id: string) => {
      update((endpoints) => endpoints.filter((endpoint) => endpoint.id !== id));
      queryClient.removeQueries({ queryKey: deliveriesKey(id) });
    },
  };
}

/** Puts a delivery's new state into every cached page of its endpoint that shows it. */
function putDelivery(queryClient: QueryClient, id: string, delivery: WebhookDelivery) {
  queryClient.setQueriesData<WebhookDeliveryPage>({ queryKey: deliveriesKey(id) }, (page) =>
    page
      ? {
          ...page,
          deliveries: page.deliveries.map((row) => (row.id === delivery.id ? delivery : row)),
        }
      : page,
  );
}

/**
 * "Send test event": the server answers once the receiver has (or has not) within its timeout,
 * so the mutation's pending state is the card's "sending" state. The delivery lists of the
 * endpoint are refetched, to show it. A refusal goes to the central handler (mutation cache).
 */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

/** "Resend" on a failed delivery: its row turns pending at once; the sending happens later. */
export function useRetryDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => retryDelivery(id, deliveryId),
    onSuccess: (answer) => putDelivery(queryClient, id, answer.data),
  });
}

/** Enable or disable: the answer replaces the endpoint's row. */
export function useSetEnabled() {
  const { putEndpoint } = useWebhooksCache();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      updateWebhook(id, { enabled }),
    onSuccess: (answer) => putEndpoint(answer.data),
  });
}
