import { useRef, useState, type RefObject } from 'react';
import type { WebhookEndpoint, WebhookReveal } from '@partner-portal/shared/webhooks';

/** The screen's dialogs: one open at a time; create and rotate hand over to the reveal. */
export type WebhookDialog =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'reveal'; endpoint: WebhookReveal; rotated: boolean };

/**
 * Opens and closes the dialogs and keeps keyboard users in their place: when the last dialog
 * of a flow closes (create, then reveal), focus goes back to what opened the first one — the
 * Add button or an endpoint's actions button — or to `fallback` when that is gone (the empty
 * state's button, once there is an endpoint). A dialog closing because the next one opened
 * leaves focus to that one.
 */
export function useWebhookDialogs(fallback: RefObject<HTMLElement | null>) {
  const [dialog, setDialog] = useState<WebhookDialog | null>(null);
  const current = useRef<WebhookDialog | null>(null);
  const origin = useRef<HTMLElement | null>(null);

  /**
   * `from`: what the flow started from, when a confirmation came first (rotate) — by the time
   * its answer opens the reveal, focus may still be in the confirmation, about to go.
   */
  const show = (next: WebhookDialog | null, from?: HTMLElement | null) => {
    if (current.current === null && next !== null) {
      origin.current =
        from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
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
