import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@partner-portal/shared/constants';

export type ToastVariant = 'default' | 'success' | 'info' | 'error';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { text: string; onClick: () => void };
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** docs/product.md#states-and-transitions toast lifecycle: dismissed toasts close at once and are removed 10 s later. */
export function dismissToast(id?: string): void {
  const targets = toasts.filter((item) => id === undefined || item.id === id);
  targets.forEach((item) => scheduleRemoval(item.id));
  emit(toasts.map((item) => (targets.includes(item) ? { ...item, open: false } : item)));
}

export function updateToast(id: string, patch: Partial<ToastOptions>): void {
  emit(toasts.map((item) => (item.id === id ? { ...item, ...patch } : item)));
}

/** Adds a toast at the front; at most 3 are kept (docs/product.md#constants-and-limits). Callable outside React. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit(
    [{ ...options, variant: options.variant ?? 'default', id, open: true }, ...toasts].slice(
      0,
      TOAST_LIMIT,
    ),
  );
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<ToastOptions>) => updateToast(id, patch),
  };
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    // The build-time render of the public pages draws the store as it starts.
    () => toasts,
  );
}
