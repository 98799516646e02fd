import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiKeyListResponseSchema,
  ApiKeyRevealSchema,
  ApiKeySchema,
  ApiKeyScopesResponseSchema,
  type ApiKey,
  type ApiKeyCreateInput,
  type ApiKeyPatchInput,
  type ApiKeyReveal,
  type ApiKeyRollOverlap,
  type ApiKeyScope,
} from '@partner-portal/shared/api-keys';
import { api } from '@/lib/api-client';

const keyUrl = (id: string) => `/api/key/${encodeURIComponent(id)}`;

/** GET /api/key: the account's keys, newest first, never with a secret. */
async function fetchApiKeys(): Promise<ApiKey[]> {
  return (await api.get('/api/key', { schema: ApiKeyListResponseSchema })).data;
}

/** GET /api/key/scopes: what the signed-in user's permission lets them put on a key. */
async function fetchGrantableScopes(): Promise<ApiKeyScope[]> {
  return (await api.get('/api/key/scopes', { schema: ApiKeyScopesResponseSchema })).data;
}

/** POST /api/key: the answer is the only time the whole key (`key`) is sent. */
export async function createApiKey(input: ApiKeyCreateInput): Promise<ApiKeyReveal> {
  return (await api.post('/api/key', input, { schema: ApiKeyRevealSchema })).data;
}

/** PATCH /api/key/{id}: name, scopes, IP ranges (docs/product.md#api-keys: the last two by the creator only). */
export async function updateApiKey(id: string, input: ApiKeyPatchInput): Promise<ApiKey> {
  return (await api.patch(keyUrl(id), input, { schema: ApiKeySchema })).data;
}

/** PATCH `{active: false}`: final, a revoked key cannot be changed or rolled again. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return updateApiKey(id, { active: false });
}

/** POST /api/key/{id}/roll: a new secret; the replaced one keeps working for `overlap`. */
export async function rollApiKey(id: string, overlap: ApiKeyRollOverlap): Promise<ApiKeyReveal> {
  return (await api.post(`${keyUrl(id)}/roll`, { overlap }, { schema: ApiKeyRevealSchema })).data;
}

/** DELETE /api/key/{id}: refused from now on and gone from the list. */
export async function deleteApiKey(id: string): Promise<void> {
  await api.delete(keyUrl(id));
}

const apiKeysQueryOptions = () => ({
  queryKey: ['api-keys', 'list'] as const,
  queryFn: fetchApiKeys,
});

/** A failed load goes to the central handler (query cache); the screen offers a retry. */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** Loaded with the screen, so the create and edit dialogs open with their scopes in place. */
export function useGrantableScopes() {
  return useQuery({ queryKey: ['api-keys', 'scopes'] as const, queryFn: fetchGrantableScopes });
}

/** The list row of a create or roll answer: the secret never goes into the query cache. */
function listRow(key: ApiKey | ApiKeyReveal): ApiKey {
  if (!('key' in key)) return key;
  const { key: _secret, ...row } = key;
  return row;
}

/**
 * Applies a change's answer to the cached list, so the table agrees without a refetch: a new
 * key goes first (the list is newest first), a changed one replaces its row, a deleted one goes.
 */
export function useApiKeysCache() {
  const queryClient = useQueryClient();
  const update = (change: (keys: ApiKey[]) => ApiKey[]) =>
    queryClient.setQueryData<ApiKey[]>(apiKeysQueryOptions().queryKey, (keys) =>
      change(keys ?? []),
    );
  return {
    putKey: (answer: ApiKey | ApiKeyReveal) => {
      const row = listRow(answer);
      update((keys) =>
        keys.some((key) => key.id === row.id)
          ? keys.map((key) => (key.id === row.id ? row : key))
          : [row, ...keys],
      );
    },
    removeKey: (id: string) => update((keys) => keys.filter((key) => key.id !== id)),
  };
}
