import { readFile } from 'node:fs/promises';
import type { Plugin, ViteDevServer } from 'vite';

/** Where the API mints the built-in workbook's pages (apps/server/src/lib/spa.ts serves them built). */
const WORKBOOK_PAGE_PATH = /^\/embed\/workbook\/[^/?#]+(?:\?|$)/;

/**
 * `npm run dev`: the built-in workbook's page from its source, as Vite serves the app's.
 *
 * The API answers `/embed/workbook/:id` with the last build's `embed.html`, whose scripts the dev
 * server does not have, and forbids any page but APP_URL's to frame it. In development the API's
 * APP_URL is the dev server (scripts/dev.mjs), so the workbook's address is the dev server's
 * other loopback name, and this serves the page there, with the same reloading as the app.
 */
export function workbookPageInDev(embedHtml: string): Plugin {
  return {
    name: 'workbook-page-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        serveWorkbookPage(server, embedHtml, request, response).then(
          (served) => (served ? undefined : next()),
          (error: unknown) => next(error),
        );
      });
    },
  };
}

/** What of Node's response the page needs (a test passes its own). */
interface PageResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body: string): unknown;
}

/** Answers a workbook page's request; false for any other request. */
export async function serveWorkbookPage(
  server: Pick<ViteDevServer, 'transformIndexHtml'>,
  embedHtml: string,
  request: { url?: string },
  response: PageResponse,
): Promise<boolean> {
  const url = request.url ?? '';
  if (!WORKBOOK_PAGE_PATH.test(url)) return false;
  const html = await server.transformIndexHtml(url, await readFile(embedHtml, 'utf8'));
  response.statusCode = 200;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-cache');
  response.end(html);
  return true;
}
