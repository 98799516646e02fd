import { vi } from 'vitest';
import { act } from '@testing-library/react';
import { CARD_LAYOUT_QUERY } from '@/components/ui/data-table-layout';

/**
 * jsdom has no layout: this stands in for the window's width as `useCardLayout` sees it, phone
 * (the card query matches) or not, and `resize` crosses the line as a rotating phone would.
 */
export function mockScreen({ phone }: { phone: boolean }) {
  let narrow = phone;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === CARD_LAYOUT_QUERY && narrow;
        },
        media: query,
        onchange: null,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    resize: ({ phone: next }: { phone: boolean }) => {
      narrow = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}
