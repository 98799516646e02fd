import { useSyncExternalStore } from 'react';

export interface ConfirmDialogOptions {
  title: string;
  description?: string;
  buttonText?: string;
  destructive?: boolean;
  /** Runs once the dialog closes, and only if the user confirmed (docs/product.md#states-and-transitions), so it gets `true`. */
  callback?: (confirmed: boolean) => void;
}

interface ConfirmDialogState {
  open: boolean;
  options: ConfirmDialogOptions | null;
  resolve: ((confirmed: boolean) => void) | null;
}

let state: ConfirmDialogState = { open: false, options: null, resolve: null };
const listeners = new Set<() => void>();

function setState(next: ConfirmDialogState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/**
 * docs/product.md#states-and-transitions confirmation dialog: opens with content and a callback; on close it clears the
 * content and runs the callback if the user confirmed. Also resolves with the answer.
 */
export function openConfirmDialog(options: ConfirmDialogOptions): Promise<boolean> {
  // A second request replaces the first, which counts as cancelled.
  state.resolve?.(false);
  return new Promise((resolve) => setState({ open: true, options, resolve }));
}

export function closeConfirmDialog(confirmed: boolean): void {
  const { options, resolve } = state;
  setState({ open: false, options: null, resolve: null });
  if (confirmed) options?.callback?.(true);
  resolve?.(confirmed);
}

export function useConfirmDialogState(): ConfirmDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // The build-time render of the public pages draws the store as it starts.
    () => state,
  );
}
