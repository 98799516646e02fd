// After `vite build` and the server-side build of src/prerender: renders the public pages to HTML
// in every language (docs/architecture.md#prerendered-public-pages) and writes each into a copy
// of dist/index.html under dist/prerendered/, with pages.json for the server to pick them by.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { LOCALES } from '@partner-portal/shared/constants';
import {
  DRAWN_SIGN_IN_OPTIONS,
  escapeHtml,
  signInOptionsElement,
} from '@partner-portal/shared/prerendered-html';
import { ROUTES } from '../src/app/route-table';
import { PRERENDERED_PAGES, type PrerenderedPage } from '../src/prerender/prerendered-pages';
import type * as RenderPageModule from '../src/prerender/render-page';

const dist = new URL('../dist', import.meta.url).pathname;
const ssrEntry = new URL('../dist-prerender/render-page.js', import.meta.url).href;

// The app's modules are written for a browser (they read local storage and the document as they
// load): they load in an empty jsdom window, as on a first visit with nothing stored.
// The signed-out screens are drawn with every sign-in provider and the brand link, under
// stand-ins, as if the page carried them: the server cuts each page to its own (spa.ts).
const { window } = new JSDOM(
  `<!doctype html><html><head>${signInOptionsElement(DRAWN_SIGN_IN_OPTIONS)}</head><body><div id="root"></div></body></html>`,
  { url: 'http://prerender.invalid/' },
);
const browserGlobals = ['window', 'document', 'navigator', 'localStorage', 'location'] as const;
for (const name of browserGlobals) {
  Object.defineProperty(globalThis, name, { value: window[name], configurable: true });
}
window.matchMedia ??= () =>
  ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }) as unknown as MediaQueryList;

const { renderPage } = (await import(ssrEntry)) as typeof RenderPageModule;

// The stylesheet goes inline: the page is drawn from its HTML, and a render-blocking request for
// the CSS, sharing the line with the app's scripts, was most of a phone's wait for the first
// paint (Lighthouse's simulated slow 4G). Compressed, it is about 9 kB more HTML.
const withInlineStyles = (html: string) =>
  html.replace(
    /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g,
    (_tag, href: string) => {
      const css = readFileSync(`${dist}${href}`, 'utf8');
      if (css.includes('</style')) throw new Error(`prerender: ${href} cannot be inlined`);
      return `<style>${css}</style>`;
    },
  );
// The first paint waits until the whole page is parsed (a render-blocking "expect" link, honoured
// by Chromium since 124): a busy phone otherwise painted the form half-parsed, centred on its
// first lines, and moved it when the rest arrived (a layout shift of 0.075 on /signin).
const DRAWN_MARK = 'prerendered-end';
const holdPaintUntilParsed = (html: string) =>
  html.replace(
    '</head>',
    `  <link rel="expect" href="#${DRAWN_MARK}" blocking="render">\n  </head>`,
  );
const index = holdPaintUntilParsed(withInlineStyles(readFileSync(`${dist}/index.html`, 'utf8')));
if (index.includes('rel="stylesheet"')) throw new Error('prerender: a stylesheet was left linked');
const root = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
if (!root.test(index)) throw new Error('prerender: index.html has no #root with a boot screen');

mkdirSync(`${dist}/prerendered`, { recursive: true });

/** Renders `path` in every language into prerendered/<name>.<locale>.html; the files by locale. */
async function renderEverywhere(page: PrerenderedPage, path: string, name: string) {
  const files: Record<string, string> = {};
  for (const locale of LOCALES) {
    const { html, title, description } = await renderPage(path, page.titleKey, locale);
    const file = `prerendered/${name}.${locale}.html`;
    writeFileSync(
      `${dist}/${file}`,
      index
        .replace('<html lang="en">', `<html lang="${locale}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          `$1${escapeHtml(description)}$2`,
        )
        .replace(
          root,
          `<div id="root" data-prerendered-page="${page.page}" data-prerendered-locale="${locale}">${html}</div><span id="${DRAWN_MARK}" hidden></span>`,
        ),
    );
    files[locale] = file;
  }
  return files;
}

const pages = [];
for (const page of PRERENDERED_PAGES) {
  const variants = [];
  for (const fills of page.filled ?? []) {
    const query = new URLSearchParams(fills.map(({ param, standIn }) => [param, standIn]));
    const name = `${page.page}.${fills.map(({ param }) => param).join('-')}`;
    const files = await renderEverywhere(page, `${page.path}?${query.toString()}`, name);
    // A stand-in the page does not draw would be a variant the server fills with nothing.
    for (const file of Object.values(files)) {
      const html = readFileSync(`${dist}/${file}`, 'utf8');
      for (const { standIn } of fills) {
        if (!html.includes(standIn)) throw new Error(`prerender: ${file} does not show ${standIn}`);
      }
    }
    variants.push({ fills, files });
  }
  pages.push({
    page: page.page,
    paths: [page.path, ...page.alsoAt],
    drawsFrom: page.drawsFrom,
    files: await renderEverywhere(page, page.path, page.page),
    variants,
  });
}
// Every path the app draws a page for, so that the server answers any other with the not-found
// page and a 404 status (a `:name` segment matches any one segment).
const knownPaths = ROUTES.map((route) => route.path);
writeFileSync(
  `${dist}/prerendered/pages.json`,
  `${JSON.stringify({ pages, knownPaths, notFound: 'not-found' }, null, 2)}\n`,
);
process.stdout.write(`prerendered ${pages.length} pages × ${LOCALES.length} languages\n`);
window.close();
