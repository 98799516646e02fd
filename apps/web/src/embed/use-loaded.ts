import { useEffect, useRef, useState } from 'react';
import { useFirstLoads } from './first-loads';

/**
 * Loads a value for the embed page: null while `key` changes and the new value arrives; a failure
 * goes to `onError`. `key` stands for everything `load` reads, so a change reloads it. The first
 * load counts towards the workbook's opening (first-loads.ts) until it has drawn or failed.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  key: string,
  onError: (error: unknown) => void,
) {
  const [value, setValue] = useState<T | null>(null);
  const [ended, setEnded] = useState(0);
  const firstLoads = useFirstLoads();
  const opening = useRef<{ begun: boolean; end: (() => void) | null }>({ begun: false, end: null });
  useEffect(() => {
    if (!opening.current.begun) {
      opening.current = { begun: true, end: firstLoads?.begin() ?? null };
    }
    let live = true;
    setValue(null);
    load().then(
      (result) => {
        if (!live) return;
        setValue(result);
        setEnded((count) => count + 1);
      },
      (error: unknown) => {
        if (!live) return;
        onError(error);
        setEnded((count) => count + 1);
      },
    );
    return () => {
      live = false;
    };
    // `key` stands for everything `load` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // After the commit that drew what arrived, so the height the host then reads includes it.
  useEffect(() => {
    if (ended === 0) return;
    opening.current.end?.();
    opening.current.end = null;
  }, [ended]);
  return value;
}
