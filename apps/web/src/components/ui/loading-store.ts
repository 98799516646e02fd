import { useSyncExternalStore } from 'react';

// docs/product.md#states-and-transitions: one loading flag shows or hides the full-screen overlay. A counter, so two overlapping
// tasks keep it up until both end.
let pending = 0;
const listeners = new Set<() => void>();

export function setLoading(on: boolean): void {
  pending = Math.max(0, pending + (on ? 1 : -1));
  listeners.forEach((listener) => listener());
}

export function useLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    // The build-time render of the public pages draws the store as it starts.
    () => pending > 0,
  );
}
