import { useRef } from 'react';

/**
 * Focus handlers for a Radix dialog opened without its own trigger (from a menu, a store, a row
 * action): it remembers what had focus when it opened and gives focus back there when it closes,
 * as long as that element is still on the page.
 */
export function useReturnFocus() {
  const returnFocus = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!returnFocus.current?.isConnected) return;
      event.preventDefault();
      returnFocus.current.focus();
    },
  };
}
