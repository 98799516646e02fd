/** The two names every machine has for itself: two sites to a browser, one server to us. */
const LOOPBACK_PAIRS: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/**
 * Where the built-in workbook pages are served when EMBED_URL is unset. A browser gives a frame
 * from another site its own renderer process, so the workbook's start-up and charts stop
 * competing with the host page for one thread, as Sigma's frame does
 * (docs/decisions/0009-built-in-workbook-on-its-own-site.md). On this machine the other loopback
 * name is another site for free; a public address has no such twin, so there the workbook stays
 * on the app's own origin until EMBED_URL names a second host name for this server.
 */
export function defaultEmbedUrl(appUrl: string): string {
  const url = new URL(appUrl);
  const twin = LOOPBACK_PAIRS[url.hostname];
  if (twin) url.hostname = twin;
  return url.origin;
}
