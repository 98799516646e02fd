import { useEffect, useState } from 'react';

/**
 * Loads a value for the embed page: null while `key` changes and the new value arrives; a failure
 * goes to `onError`. `key` stands for everything `load` reads, so a change reloads it.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  key: string,
  onError: (error: unknown) => void,
) {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    setValue(null);
    load().then(
      (result) => live && setValue(result),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
    // `key` stands for everything `load` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value;
}
