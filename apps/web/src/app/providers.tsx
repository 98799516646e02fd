import { useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { closeConfirmDialog, useConfirmDialogState } from '@/components/ui/confirm-dialog-store';
import { GlobalLoadingOverlay } from '@/components/ui/loading-overlay';
import { useToasts } from '@/components/ui/toast-store';
import { handleApiError } from '@/lib/error-handler';
import { i18n } from '@/lib/i18n';
import { QueryClientSourceContext, type QueryClientSource } from '@/lib/query-client-source';

/** A component in a chunk of its own: `current` once loaded; `load` fetches it (once). */
function deferred(load: () => Promise<ComponentType>) {
  let current: ComponentType | null = null;
  let loading: Promise<unknown> | null = null;
  return {
    current: () => current,
    load: () =>
      (loading ??= load().then(
        (component) => {
          current = component;
        },
        (error: unknown) => {
          // A failed download (offline) is tried again the next time.
          loading = null;
          throw error;
        },
      )),
  };
}

// Neither is needed to paint a screen, and Radix's toast and dialog code is a good part of what
// the first visit would otherwise download before the sign-in page shows.
const toaster = deferred(() => import('@/components/ui/toaster').then((module) => module.Toaster));
const confirmDialog = deferred(() =>
  import('@/components/ui/confirm-dialog').then((module) => module.ConfirmDialogHost),
);

/** Renders `component` once it is loaded, loading it as soon as `wanted` is true. */
function Deferred({
  component,
  wanted,
  onError,
}: {
  component: ReturnType<typeof deferred>;
  wanted: boolean;
  onError: (error: unknown) => void;
}) {
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const Component = component.current();
  useEffect(() => {
    if (!wanted || Component) return;
    let live = true;
    component.load().then(
      () => live && loaded(),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, Component, component, onError]);
  return Component ? <Component /> : null;
}

const warnToasterFailed = (error: unknown) =>
  console.warn('Could not load the notification area', error);
const cancelConfirm = (error: unknown) => {
  closeConfirmDialog(false);
  handleApiError(error);
};

/**
 * The toast area: shown with the first toast (which waits in the store until then). Its code is
 * fetched once the page has loaded and the browser is idle, so that the toast saying the
 * connection is gone does not itself need the connection. Not sooner: starting the fetch is
 * main-thread work of its own, which the first screen's start-up does not need.
 */
function DeferredToaster() {
  const hasToasts = useToasts().length > 0;
  useEffect(() => {
    const preload = () => void toaster.load().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') return preload();
    let handle: number | undefined;
    const whenIdle = () => {
      handle = window.requestIdleCallback(preload, { timeout: 3_000 });
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, []);
  return <Deferred component={toaster} wanted={hasToasts} onError={warnToasterFailed} />;
}

/** The confirmation dialog, loaded the first time one is asked for (signed-in screens only). */
function DeferredConfirmDialog() {
  const { open } = useConfirmDialogState();
  return <Deferred component={confirmDialog} wanted={open} onError={cancelConfirm} />;
}

/**
 * docs/product.md#screens-and-routes: every page has the loading overlay, the toast area and the confirmation dialog. The
 * query client is kept here but handed out by WithQueryClient, in the layouts that use queries.
 */
export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [querySource] = useState(() => {
    let client = queryClient;
    const source: QueryClientSource = (create) => (client ??= create());
    return source;
  });
  return (
    <QueryClientSourceContext value={querySource}>
      <I18nextProvider i18n={i18n}>
        {children}
        <DeferredToaster />
        <GlobalLoadingOverlay />
        <DeferredConfirmDialog />
      </I18nextProvider>
    </QueryClientSourceContext>
  );
}
