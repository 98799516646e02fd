/**
 * The origin of the app page this workbook is framed in, or null when the page is not framed.
 * The workbook page may be served from another site than the app (the server's EMBED_URL), and
 * only the app's pages may frame it (its `frame-ancestors`), so the parent is the app. Chromium
 * and Safari name it in `location.ancestorOrigins`; elsewhere the frame's referrer does (the
 * app's referrer policy sends its origin to another origin). With neither, the frame is taken to
 * share the app's origin, as it does where no EMBED_URL is set up.
 */
export function hostOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  const first = ancestors?.[0];
  if (first) return first;
  return URL.canParse(document.referrer)
    ? new URL(document.referrer).origin
    : window.location.origin;
}

/** An address in the app itself: on the host's origin when framed, else this page's own. */
export function appHref(path: string): string {
  return `${hostOrigin() ?? ''}${path}`;
}
