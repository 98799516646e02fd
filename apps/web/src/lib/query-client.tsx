import { useContext, type ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { handleApiError } from './error-handler';
import { QueryClientSourceContext } from './query-client-source';

/** docs/product.md#errors: failed fetches go to the central handler; client errors (4xx) are not retried. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleApiError }),
    mutationCache: new MutationCache({ onError: handleApiError }),
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Gives the screens inside it TanStack Query, with the client the app's Providers hold (so the
 * cache outlives a change of layout). The signed-in frame and the onboarding steps use it; the
 * sign-in screens do without, so a first visit does not download the query library.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const source = useContext(QueryClientSourceContext);
  if (!source) throw new Error('WithQueryClient must be inside Providers');
  return <QueryClientProvider client={source(createQueryClient)}>{children}</QueryClientProvider>;
}
