import { useRef, useState, type RefObject } from 'react';
import type { Alert } from '@partner-portal/shared/alerts';

/** The screen's dialogs, one open at a time. */
export type AlertDialog = { kind: 'create' } | { kind: 'edit'; alert: Alert };

/**
 * Opens and closes the dialogs and keeps keyboard users in their place: when one closes, focus
 * goes back to what opened it — the New alert button or an alert's actions button — or to
 * `fallback` when that is gone (the empty state's button, once there is an alert).
 */
export function useAlertDialogs(fallback: RefObject<HTMLElement | null>) {
  const [dialog, setDialog] = useState<AlertDialog | null>(null);
  const origin = useRef<HTMLElement | null>(null);

  const show = (next: AlertDialog | null) => {
    if (next !== null) {
      origin.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    setDialog(next);
  };

  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const target = origin.current?.isConnected ? origin.current : fallback.current;
    target?.focus();
  };

  return { dialog, show, close: () => show(null), onCloseAutoFocus };
}
