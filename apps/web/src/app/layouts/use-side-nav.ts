import { useMediaQuery } from '@/lib/use-media-query';

/**
 * From Tailwind's `lg` (64rem) the signed-in screens keep their navigation in a side column;
 * below it the navigation is in the header's menu. The column is left out of the page, not only
 * hidden by CSS, below that width: drawing every link of it on a phone was part of the first
 * render's one long task (docs/performance.md#main-thread-work-on-the-dashboard).
 */
const NARROW_QUERY = '(width < 64rem)';

/** True while the window is wide enough for the side column; re-renders when it crosses the line. */
export function useSideNav(): boolean {
  return !useMediaQuery(NARROW_QUERY);
}
