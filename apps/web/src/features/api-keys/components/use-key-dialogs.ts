import { useRef, useState, type RefObject } from 'react';
import type { ApiKey, ApiKeyReveal } from '@partner-portal/shared/api-keys';

/** The screen's dialogs: one open at a time; create and roll hand over to the reveal. */
export type KeyDialog =
  | { kind: 'create' }
  | { kind: 'edit'; key: ApiKey }
  | { kind: 'roll'; key: ApiKey }
  | { kind: 'reveal'; key: ApiKeyReveal; rolled: boolean };

/**
 * Opens and closes the dialogs and keeps keyboard users in their place: when the last dialog
 * of a flow closes (create, then reveal), focus goes back to what opened the first one — the
 * New button or a row's actions button — or to `fallback` when that is gone (the empty
 * state's link, once there is a key). A dialog closing because the next one opened leaves
 * focus to that one.
 */
export function useKeyDialogs(fallback: RefObject<HTMLElement | null>) {
  const [dialog, setDialog] = useState<KeyDialog | null>(null);
  const current = useRef<KeyDialog | null>(null);
  const origin = useRef<HTMLElement | null>(null);

  const show = (next: KeyDialog | null) => {
    if (current.current === null && next !== null) {
      origin.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    current.current = next;
    setDialog(next);
  };

  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (current.current !== null) return;
    const target = origin.current?.isConnected ? origin.current : fallback.current;
    target?.focus();
  };

  return { dialog, show, close: () => show(null), onCloseAutoFocus };
}
