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

/** Reports the page height whenever it changes, for `:responsive_height` hosts. */
export function followPageHeight(): () => void {
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
