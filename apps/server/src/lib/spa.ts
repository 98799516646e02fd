import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { LOCALES, type Locale } from '@partner-portal/shared/constants';
import { SERVER_ROOT } from './server-root';

export const DEFAULT_WEB_DIST = join(SERVER_ROOT, '../web/dist');

const API_PREFIXES = ['/api/', '/auth/', '/embed/'];

/** Where the web build puts its hashed scripts, stylesheets and images. */
export const ASSETS_PATH_PREFIX = '/assets/';

/**
 * Serves the built SPA: hashed files under /assets are cached for a year (their name changes
 * with their content), index.html is revalidated on every visit, and any other GET of a path
 * that is not a file gets index.html so the client router can show it (history fallback).
 * Every file goes out brotli- or gzip-compressed when the browser takes it, from the copies the
 * web build made (apps/web/scripts/compress-dist.mjs), so serving costs no compression.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the SPA');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      const immutable = path.includes(`${join(distDir, 'assets')}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The built-in workbook page (issue 5), its own small bundle: the dashboards frame it.
  const embedFile = join(distDir, 'embed.html');
  app.get('/embed/workbook/:id', { config: { access: 'public' } }, (_request, reply) => {
    if (!existsSync(embedFile)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('embed.html');
  });
  const pages = routePages(app, distDir, readFileSync(indexFile, 'utf8'));
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply.callNotFound();
    }
    // A request for a missing file with an extension (a stale hashed asset) is a real 404.
    if (path.startsWith(ASSETS_PATH_PREFIX)) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    const page = pages?.(path, request.locale);
    if (page) {
      return reply.type('text/html; charset=utf-8').header('vary', 'Accept-Language').send(page);
    }
    return reply.sendFile('index.html');
  });
}

/** What apps/web/scripts/route-preloads.ts writes; a translation part is `core` or `rest`. */
const RoutePreloadsSchema = z.object({
  paths: z.record(
    z.string(),
    z.object({ scripts: z.array(z.string()), strings: z.array(z.string()) }),
  ),
  strings: z.record(z.enum(LOCALES), z.record(z.string(), z.string())),
});

const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="${file}">`;

/**
 * index.html as answered for each path the web build listed (apps/web/scripts/route-preloads.ts),
 * naming the chunks that page needs and the strings it draws in the visitor's language (picked
 * by Accept-Language, as the app does on a first visit), so the browser fetches them
 * with the entry script rather than after it has run. Null without a valid list.
 */
function routePages(
  app: FastifyInstance,
  distDir: string,
  index: string,
): ((path: string, locale: Locale) => string | null) | null {
  const listFile = join(distDir, 'route-preloads.json');
  if (!existsSync(listFile) || !index.includes('</head>')) return null;
  // A list from another build than this server's (one half rebuilt) costs the preloads, not pages.
  const parsed = RoutePreloadsSchema.safeParse(JSON.parse(readFileSync(listFile, 'utf8')));
  if (!parsed.success) {
    app.log.warn({ listFile }, 'route preloads ignored: the list does not match this server');
    return null;
  }
  const { paths, strings } = parsed.data;
  const pages = new Map<string, string>();
  return (path, locale) => {
    const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const listed = paths[route];
    if (!listed) return null;
    const key = `${locale} ${route}`;
    let page = pages.get(key);
    if (page === undefined) {
      const translations = listed.strings.flatMap((part) => strings[locale]?.[part] ?? []);
      const links = [...translations, ...listed.scripts].map(modulePreload).join('\n    ');
      page = index.replace('</head>', `  ${links}\n  </head>`);
      pages.set(key, page);
    }
    return page;
  };
}
