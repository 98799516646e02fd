import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { THEME_BOOT_SCRIPT } from '@partner-portal/shared/first-paint';
import type { Config } from '../config';
import { ASSETS_PATH_PREFIX } from './spa';

/**
 * Paths of the built-in workbook pages (local provider), served from config.embedUrl and framable
 * by the app's own pages only.
 */
const EMBED_PATH_PREFIX = '/embed/';

const DOCUMENT_ONLY_HEADERS = [
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
  'origin-agent-cluster',
];

/**
 * The one inline script a page runs (the dark-mode choice before the first paint), allowed by its
 * hash so that no other inline script can run.
 */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/**
 * The page's CSP. Stripe's origins are allowed only when Stripe takes the payments: Stripe.js is
 * loaded from js.stripe.com (never bundled, as Stripe requires), calls api.stripe.com, and shows
 * its card field and 3-D Secure steps in frames from js.stripe.com and hooks.stripe.com.
 */
export function contentSecurityDirectives(
  config: Pick<Config, 'appUrl' | 'embedUrl' | 'sigmaBaseUrl' | 'stripe'>,
): Record<string, string[] | null> {
  const stripe = config.stripe !== null;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", THEME_SCRIPT_SOURCE, ...(stripe ? ['https://js.stripe.com'] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: [
      "'self'",
      ...(config.embedUrl === new URL(config.appUrl).origin ? [] : [config.embedUrl]),
      new URL(config.sigmaBaseUrl).origin,
      ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
    ],
    upgradeInsecureRequests: config.appUrl.startsWith('https://') ? [] : null,
  };
}

/**
 * docs/security.md#browser: CSP, nosniff, referrer policy, HSTS over HTTPS, no-store on the
 * API. `style-src 'unsafe-inline'` is needed because Radix positions popovers with inline style
 * attributes; scripts stay our own (and Stripe.js, when Stripe takes the payments), which is
 * what guards the token in local storage.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'appUrl' | 'embedUrl' | 'sigmaBaseUrl' | 'stripe'>,
): void {
  const https = config.appUrl.startsWith('https://');
  const directives = contentSecurityDirectives(config);
  const headers = helmetHeaders({
    contentSecurityPolicy: { directives },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Helmet's X-Frame-Options would contradict the embed route's frame-ancestors 'self'.
    xFrameOptions: false,
  });
  const csp = headers['content-security-policy'] ?? '';
  // The workbook page may be framed by the app's pages, which are another site when embedUrl is.
  const embedHeaders = {
    ...headers,
    'content-security-policy': csp.replace(
      "frame-ancestors 'none'",
      `frame-ancestors ${new URL(config.appUrl).origin}`,
    ),
  };
  // API answers are read by fetch(), not rendered as pages: headers that only steer how a browser
  // treats an HTML document (or an old Internet Explorer) are left off, which also trims every
  // answer on the hot path. CSP, nosniff, COOP/CORP stay: a PDF or CSV opened in a tab is one.
  const apiHeaders: Record<string, string> = { ...headers, 'cache-control': 'no-store' };
  for (const documentOnly of DOCUMENT_ONLY_HEADERS) delete apiHeaders[documentOnly];
  // The built scripts and stylesheets: a policy applies to the document that loads them, not to
  // them, so they carry only what governs a file itself. A first visit fetches dozens of them
  // over HTTP/1.1 (no header compression): the full set was 1.1 kB of headers per file, often
  // more than the file, and about 60 kB on the dashboard's first load.
  const assetHeaders: Record<string, string> = {};
  for (const name of ['x-content-type-options', 'cross-origin-resource-policy']) {
    const value = headers[name];
    if (value) assetHeaders[name] = value;
  }
  if (headers['strict-transport-security']) {
    assetHeaders['strict-transport-security'] = headers['strict-transport-security'];
  }

  // A synchronous hook with headers worked out once: this runs on every request, the hot path's
  // included (the Fastify plugin rebuilt Helmet's middleware and re-parsed the policy each time).
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(
      url.startsWith('/api/')
        ? apiHeaders
        : url.startsWith(ASSETS_PATH_PREFIX)
          ? assetHeaders
          : url.startsWith(EMBED_PATH_PREFIX)
            ? embedHeaders
            : headers,
    );
    done();
  });
}

/** The headers Helmet's middleware sets for `options`, read once from a stand-in response. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error ?? null),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
