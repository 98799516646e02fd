import type { ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { GlobalLoadingOverlay } from '@/components/ui/loading-overlay';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { i18n } from '@/lib/i18n';

/** Spec §8: failed fetches go to the central handler; client errors (4xx) are not retried. */
export function createQueryClient(): QueryClient {
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

/** Spec §2: every page has the loading overlay, the toast area and the confirmation dialog. */
export function Providers({
  children,
  queryClient = createQueryClient(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <TooltipProvider>
          {children}
          <Toaster />
          <GlobalLoadingOverlay />
          <ConfirmDialogHost />
        </TooltipProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
