import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';

/** Paths the analytics iframe loads from our own origin (local provider); framable by us only. */
export const EMBED_PATH_PREFIX = '/embed/';

/**
 * Security checklist, "Browser": CSP, nosniff, referrer policy, HSTS over HTTPS, no-store on the
 * API. `style-src 'unsafe-inline'` is needed because Radix positions popovers with inline style
 * attributes; scripts stay 'self' only, which is what guards the token in local storage.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'appUrl' | 'sigmaBaseUrl' | 'stripe'>,
): Promise<void> {
  const https = config.appUrl.startsWith('https://');
  // Stripe.js and its 3-D Secure frames, only when Stripe takes the payments.
  const stripeFrames = config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: ["'self'", new URL(config.sigmaBaseUrl).origin, ...stripeFrames],
    upgradeInsecureRequests: https ? [] : null,
  };
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { directives },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Helmet's X-Frame-Options would contradict the embed route's frame-ancestors 'self'.
    frameguard: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (request.url.startsWith(EMBED_PATH_PREFIX)) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
      }
    }
  });
}
