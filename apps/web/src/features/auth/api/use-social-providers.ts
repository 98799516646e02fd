import { useEffect, useState } from 'react';
import {
  SocialProvidersResponseSchema,
  type SocialProvidersResponse,
} from '@partner-portal/shared/social';
import { api } from '@/lib/api-client';

type Provider = SocialProvidersResponse['providers'][number];

/**
 * The configured social sign-in providers. Until they load, and if they cannot be loaded, there
 * are none: password and magic-link sign-in never wait on this.
 */
export function useSocialProviders(): Provider[] {
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    let live = true;
    api.get<unknown>('/api/auth/providers').then(
      ({ data }) => {
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
