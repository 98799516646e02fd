import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccountSecuritySchema,
  type AccountSecurity,
  type AccountSecurityInput,
} from '@partner-portal/shared/account-security';
import { api, type ApiAnswer } from '@/lib/api-client';

const URL = '/api/account/security';

/** GET /api/account/security: the 2FA policy and the members it still waits for. */
async function fetchAccountSecurity(): Promise<AccountSecurity> {
  return (await api.get(URL, { schema: AccountSecuritySchema })).data;
}

/**
 * PATCH /api/account/security: turns the policy on or off, or moves its grace. Answers the
 * policy as stored and a translated message for the toast (the form engine shows it).
 */
export function saveAccountSecurity(
  input: AccountSecurityInput,
): Promise<ApiAnswer<AccountSecurity>> {
  return api.patch(URL, input, { schema: AccountSecuritySchema });
}

const accountSecurityQueryOptions = () => ({
  queryKey: ['account-security'] as const,
  queryFn: fetchAccountSecurity,
  // A failure shows the retry banner at once: no silent retries first.
  retry: false,
});

/** A failed load goes to the central handler (query cache); the screen offers a retry. */
export function useAccountSecurity() {
  return useQuery(accountSecurityQueryOptions());
}

/**
 * Puts a save's answer (the whole policy, as stored) into the cache, so the status and the
 * member list agree with it without asking again.
 */
export function useAccountSecurityCache() {
  const queryClient = useQueryClient();
  return {
    putSecurity: (security: AccountSecurity) =>
      queryClient.setQueryData(accountSecurityQueryOptions().queryKey, security),
  };
}
