import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@partner-portal/shared/api';
import { apiKeyFromHeader } from './api-key-secret';
import { AppError } from './app-error';
import { ASSETS_PATH_PREFIX } from './spa';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit XSRF check (docs/product.md#api-calls, docs/security.md#browser): the server hands out an
 * XSRF-TOKEN cookie the SPA can read, and every state-changing API call must echo it in
 * X-XSRF-TOKEN. A cross-site form can send the cookie but cannot read it to set the header.
 * Routes opt out with `config: { xsrf: false }` (webhooks, which carry their own signature).
 */
export function registerXsrf(app: FastifyInstance, options: { secureCookie: boolean }): void {
  // Synchronous: it runs on every request, and a promise per call shows on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    // Not on the built files: a first visit fetches dozens at once, and each would hand out its
    // own token (and a Set-Cookie keeps a shared cache from storing the file). The page has one.
    if (!cookie && !request.url.startsWith(ASSETS_PATH_PREFIX)) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookie,
        httpOnly: false,
      });
    }
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (request.routeOptions.config?.xsrf === false) return done();
    // An API key call carries no cookie a forged page could ride on; the guard checks the key.
    if (apiKeyFromHeader(request.headers.authorization) !== null) return done();
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      return done(new AppError('forbidden', 'error.xsrf'));
    }
    done();
  });
}
