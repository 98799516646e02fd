import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { LOCALES, type Locale } from '@partner-portal/shared/constants';
import { LOCALE_COOKIE } from '@partner-portal/shared/first-paint';
import {
  escapeHtml,
  fillSignInOptions,
  inDrawnOrder,
  signInOptionsElement,
  type PageSignInOptions,
} from '@partner-portal/shared/prerendered-html';
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
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  signInOptions: PageSignInOptions = { providers: [] },
): Promise<void> {
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
  // Every page carries the server's sign-in options, read on the app's first render (no request
  // for them), and each drawn page is cut to them once, here, so the render finds what it draws.
  const options = inDrawnOrder(signInOptions);
  const withOptions = (html: string) =>
    html.replace('</head>', `${signInOptionsElement(options)}</head>`);
  const index = withOptions(readFileSync(indexFile, 'utf8'));
  const prerendered = prerenderedPages(app, distDir, (html) =>
    withOptions(fillSignInOptions(html, options)),
  );
  const withPreloads = routePreloads(app, distDir);
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const [path = '/', search = ''] = request.url.split('?', 2);
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply.callNotFound();
    }
    // A request for a missing file with an extension (a stale hashed asset) is a real 404.
    if (path.startsWith(ASSETS_PATH_PREFIX)) return reply.callNotFound();
    const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const locale = pageLocale(request.cookies[LOCALE_COOKIE], request.locale);
    const page = prerendered?.(route, new URLSearchParams(search), locale);
    const html = withPreloads?.(page?.html ?? index, route, locale) ?? page?.html;
    reply
      .code(page?.notFound ? 404 : 200)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie');
    if (html) return reply.type('text/html; charset=utf-8').send(html);
    return reply.sendFile('index.html');
  });
}

/** The language of the page answered: the one the app last showed (its cookie), else the browser's. */
function pageLocale(cookie: string | undefined, acceptLanguage: Locale): Locale {
  return (LOCALES as readonly string[]).includes(cookie ?? '')
    ? (cookie as Locale)
    : acceptLanguage;
}

/** What apps/web/scripts/prerender.ts writes beside the pages it renders. */
const PrerenderedPagesSchema = z.object({
  pages: z.array(
    z.object({
      page: z.string(),
      paths: z.array(z.string()),
      drawsFrom: z.array(z.string()),
      files: z.record(z.enum(LOCALES), z.string()),
      variants: z
        .array(
          z.object({
            fills: z.array(
              z.object({
                param: z.string(),
                standIn: z.string().min(8),
                // Compiled once, at start, not on every request for the page.
                pattern: z.string().transform((source) => new RegExp(source)),
              }),
            ),
            files: z.record(z.enum(LOCALES), z.string()),
          }),
        )
        .default([]),
    }),
  ),
  knownPaths: z.array(z.string()),
  notFound: z.string(),
});

/** Whether `path` is one of the app's routes, a `:name` segment standing for any one segment. */
function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]))
  );
}

/**
 * The public pages the web build rendered to HTML (docs/architecture.md#prerendered-public-pages),
 * read once at start: for a path, the page in the visitor's language unless the query carries a
 * parameter the page draws from (the build could not know its value; the browser renders it).
 * A path that is none of the app's routes gets the not-found page with a 404 status. Null
 * without a valid list (a build from before prerendering): every page is then index.html.
 */
function prerenderedPages(
  app: FastifyInstance,
  distDir: string,
  prepare: (html: string) => string,
): ((route: string, query: URLSearchParams, locale: Locale) => PageFile | null) | null {
  const listFile = join(distDir, 'prerendered', 'pages.json');
  if (!existsSync(listFile)) return null;
  const parsed = PrerenderedPagesSchema.safeParse(JSON.parse(readFileSync(listFile, 'utf8')));
  if (!parsed.success) {
    app.log.warn({ listFile }, 'prerendered pages ignored: the list does not match this server');
    return null;
  }
  const { pages, knownPaths, notFound } = parsed.data;
  const html = new Map<string, string>();
  const read = (file: string) => {
    let text = html.get(file);
    if (text === undefined) {
      text = prepare(readFileSync(join(distDir, file), 'utf8'));
      html.set(file, text);
    }
    return text;
  };
  const notFoundPage = pages.find((page) => page.page === notFound);
  return (route, query, locale) => {
    const page = pages.find((candidate) => candidate.paths.includes(route));
    if (page) {
      const drawn = page.drawsFrom.filter((name) => query.has(name));
      if (drawn.length === 0) {
        const file = page.files[locale];
        return file ? { html: read(file), notFound: false } : null;
      }
      const filled = fillVariant(page.variants, drawn, query, locale, read);
      return filled ? { html: filled, notFound: false } : null;
    }
    if (knownPaths.some((pattern) => matchesRoute(pattern, route))) return null;
    const file = notFoundPage?.files[locale];
    return file ? { html: read(file), notFound: true } : null;
  };
}

type PageVariant = z.infer<typeof PrerenderedPagesSchema>['pages'][number]['variants'][number];

/**
 * The variant rendered for exactly the parameters `drawn` (a mailed reset link's token and
 * address), with the request's values written where the build put stand-ins. Null when there is
 * none, or a value is not one the variant's pattern admits: the browser then renders the page.
 */
function fillVariant(
  variants: PageVariant[],
  drawn: string[],
  query: URLSearchParams,
  locale: Locale,
  read: (file: string) => string,
): string | null {
  const variant = variants.find(
    ({ fills }) =>
      fills.length === drawn.length && fills.every(({ param }) => drawn.includes(param)),
  );
  const file = variant?.files[locale];
  if (!variant || !file) return null;
  let html = read(file);
  for (const { param, standIn, pattern } of variant.fills) {
    const values = query.getAll(param);
    if (values.length !== 1 || !pattern.test(values[0] as string)) return null;
    html = html.replaceAll(standIn, escapeHtml(values[0] as string));
  }
  return html;
}

interface PageFile {
  html: string;
  notFound: boolean;
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
 * Adds to a page's HTML, for each path the web build listed (apps/web/scripts/route-preloads.ts),
 * the chunks that page needs and the strings it draws in the visitor's language, so the browser
 * fetches them with the entry script rather than after it has run. Null without a valid list;
 * the HTML unchanged for a path not listed.
 */
function routePreloads(
  app: FastifyInstance,
  distDir: string,
): ((html: string, route: string, locale: Locale) => string) | null {
  const listFile = join(distDir, 'route-preloads.json');
  if (!existsSync(listFile)) return null;
  // A list from another build than this server's (one half rebuilt) costs the preloads, not pages.
  const parsed = RoutePreloadsSchema.safeParse(JSON.parse(readFileSync(listFile, 'utf8')));
  if (!parsed.success) {
    app.log.warn({ listFile }, 'route preloads ignored: the list does not match this server');
    return null;
  }
  const { paths, strings } = parsed.data;
  // Keyed by the HTML too: index.html and each prerendered page get their own copy.
  const pages = new Map<string, Map<string, string>>();
  return (html, route, locale) => {
    const listed = paths[route];
    if (!listed || !html.includes('</head>')) return html;
    let byHtml = pages.get(html);
    if (!byHtml) pages.set(html, (byHtml = new Map()));
    const key = `${locale} ${route}`;
    let page = byHtml.get(key);
    if (page === undefined) {
      const translations = listed.strings.flatMap((part) => strings[locale]?.[part] ?? []);
      const links = [...translations, ...listed.scripts].map(modulePreload).join('\n    ');
      page = html.replace('</head>', `  ${links}\n  </head>`);
      byHtml.set(key, page);
    }
    return page;
  };
}
