import { useEffect, useState } from 'react';
import type { SocialProvidersResponse } from '@partner-portal/shared/social';
import { api } from '@/lib/api-client';

type Provider = SocialProvidersResponse['providers'][number];

function listsProviders(data: unknown): boolean {
  const providers = (data as { providers?: unknown } | null)?.providers;
  return Array.isArray(providers) && providers.length > 0;
}

/**
 * The configured social sign-in providers. Until they load, and if they cannot be loaded, there
 * are none: password and magic-link sign-in never wait on this.
 */
export function useSocialProviders(): Provider[] {
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    let live = true;
    api.get<unknown>('/api/auth/providers').then(
      async ({ data }) => {
        // Most servers configure none: the schema (and zod with it) is fetched only when there
        // is a list to check, never for /signin's first paint.
        if (!listsProviders(data)) return;
        const { SocialProvidersResponseSchema } = await import('@partner-portal/shared/social');
        const parsed = SocialProvidersResponseSchema.safeParse(data);
        if (live && parsed.success) setProviders(parsed.data.providers);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
