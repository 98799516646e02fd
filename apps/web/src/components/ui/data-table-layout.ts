import { useMediaQuery } from '@/lib/use-media-query';

/**
 * Below Tailwind's `sm` (40rem) each row is a card. This follows the window, not the table's box
 * like the column priorities do: it swaps the markup (a list for the table), and doing that in
 * CSS alone would mean rendering both, every row's controls twice in the page.
 */
export const CARD_LAYOUT_QUERY = '(width < 40rem)';

/** True while the window is phone-narrow; re-renders when it crosses the line. */
export function useCardLayout(): boolean {
  return useMediaQuery(CARD_LAYOUT_QUERY);
}
