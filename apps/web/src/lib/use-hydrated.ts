import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while a page is rendered at build time and while the browser hydrates it, true from the
 * render after (and from the start for what the app draws itself), without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
