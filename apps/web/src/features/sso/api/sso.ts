import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ScimTokenCreatedSchema,
  SsoSettingsSchema,
  type ScimGroupMapping,
  type SsoSettings,
  type SsoSettingsInput,
} from '@partner-portal/shared/sso';
import { api, type ApiAnswer } from '@/lib/api-client';

const URL = '/api/account/sso';
const domainUrl = (domain: string) => `${URL}/domains/${encodeURIComponent(domain)}`;
const options = { schema: SsoSettingsSchema };

/** GET /api/account/sso: the connection, the domains and what to tell the identity provider. */
async function fetchSsoSettings(): Promise<SsoSettings> {
  return (await api.get(URL, options)).data;
}

/*
 * Every change answers the whole settings, as stored, and a message for the toast: the screen
 * puts the answer in the cache instead of asking again.
 */

/** PUT /api/account/sso. */
export const saveSso = (input: SsoSettingsInput): Promise<ApiAnswer<SsoSettings>> =>
  api.put(URL, input, options);

/** DELETE /api/account/sso. */
export const removeSso = (): Promise<ApiAnswer<SsoSettings>> => api.delete(URL, undefined, options);

/** POST /api/account/sso/domains: claims a domain; the answer holds its TXT record. */
export const addSsoDomain = (domain: string): Promise<ApiAnswer<SsoSettings>> =>
  api.post(`${URL}/domains`, { domain }, options);

/** POST /api/account/sso/domains/{domain}/verify: looks the TXT record up now. */
export const verifySsoDomain = (domain: string): Promise<ApiAnswer<SsoSettings>> =>
  api.post(`${domainUrl(domain)}/verify`, undefined, options);

/** DELETE /api/account/sso/domains/{domain}. */
export const removeSsoDomain = (domain: string): Promise<ApiAnswer<SsoSettings>> =>
  api.delete(domainUrl(domain), undefined, options);

/** POST /api/account/sso/scim-token: a new token, answered this once; the one before stops. */
export const createScimToken = () =>
  api.post(`${URL}/scim-token`, undefined, { schema: ScimTokenCreatedSchema });

/** PUT /api/account/sso/scim-groups: the whole mapping of group names to permissions. */
export const saveScimGroups = (mappings: ScimGroupMapping[]): Promise<ApiAnswer<SsoSettings>> =>
  api.put(`${URL}/scim-groups`, { mappings }, options);

/** DELETE /api/account/sso/scim-token. */
export const revokeScimToken = (): Promise<ApiAnswer<SsoSettings>> =>
  api.delete(`${URL}/scim-token`, undefined, options);

const ssoQueryOptions = () => ({
  queryKey: ['sso-settings'] as const,
  queryFn: fetchSsoSettings,
  // A failure shows the retry banner at once: no silent retries first.
  retry: false,
});

/** Asked only when `enabled` (an account on Pro): below it the server would answer 402. */
export function useSsoSettings(enabled: boolean) {
  return useQuery({ ...ssoQueryOptions(), enabled });
}

/**
 * Puts a change's answer into the cache, so every card agrees with what was stored; an answer
 * that holds only part of the settings is given as a change of the stored ones.
 */
export function useSsoCache() {
  const queryClient = useQueryClient();
  return (settings: SsoSettings | ((stored: SsoSettings) => SsoSettings)) =>
    queryClient.setQueryData<SsoSettings>(ssoQueryOptions().queryKey, (stored) =>
      typeof settings === 'function' ? stored && settings(stored) : settings,
    );
}
