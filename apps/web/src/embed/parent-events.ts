import { hostOrigin } from './host-origin';

/**
 * The events Sigma's iframe posts to its host (sigma-embedding.md), so the host page has one
 * code path for both providers. They are posted to the host's origin only.
 */
export type WorkbookEvent =
  | { type: 'workbook:loaded' }
  | { type: 'workbook:error'; code: string; message: string }
  | { type: 'workbook:pageheight:onchange'; pageHeight: number };

export function postToHost(event: WorkbookEvent): void {
  const host = hostOrigin();
  if (host) window.parent.postMessage(event, host);
}

/**
 * Reports the page height whenever it changes, for `:responsive_height` hosts. In a frame the
 * page never scrolls itself: the host grows the frame to the height it hears. Until it has, a
 * page taller than its frame showed a scrollbar, and when the frame grew the scrollbar went and
 * the content widened under it: on a phone every card of a table reflowed (a layout shift of
 * 0.05, measured by Lighthouse on /dashboard/core in 4 runs of 5).
 */
export function followPageHeight(): () => void {
  if (hostOrigin()) document.documentElement.style.overflow = 'hidden';
  let last = 0;
  const report = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    postToHost({ type: 'workbook:pageheight:onchange', pageHeight: height });
  };
  const observer = new ResizeObserver(report);
  observer.observe(document.body);
  report();
  return () => observer.disconnect();
}
