import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page in the address (`?q=…&page=3`), so a row's detail and Back return
 * to the same view, and a view can be shared. A new filter starts again at page 1; the changes
 * replace the history entry rather than pile up in it.
 */
/** `keys`: a constant list (module level), so the values keep their identity between renders. */
export function useSearchState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const serialized = params.toString();
  const values = useMemo(() => {
    const read = new URLSearchParams(serialized);
    return Object.fromEntries(keys.map((key) => [key, read.get(key) ?? ''])) as Record<K, string>;
  }, [serialized, keys]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);

  const write = useCallback(
    (patch: Partial<Record<K, string>>, nextPage: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch) as [K, string | undefined][]) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (nextPage > 1) next.set('page', String(nextPage));
          else next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setFilters = useCallback(
    (patch: Partial<Record<K, string>>) => {
      const changed = (Object.entries(patch) as [K, string | undefined][]).some(
        ([key, value]) => (value ?? '') !== values[key],
      );
      if (changed) write(patch, 1);
    },
    [values, write],
  );
  const setPage = useCallback((next: number) => write({}, next), [write]);
  return { values, page, setFilters, setPage };
}
