import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches the window now; re-renders when that changes. For markup that
 * differs by width (a list for a table, no side column on a phone), where hiding one version by
 * CSS would still render both.
 */
export function useMediaQuery(query: string): boolean {
  // Stable per query: a new function each render would subscribe again on every render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
