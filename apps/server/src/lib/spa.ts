import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SERVER_ROOT } from './server-root';

export const DEFAULT_WEB_DIST = join(SERVER_ROOT, '../web/dist');

const API_PREFIXES = ['/api/', '/auth/', '/embed/'];

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
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply.callNotFound();
    }
    // A request for a missing file with an extension (a stale hashed asset) is a real 404.
    if (path.startsWith('/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
