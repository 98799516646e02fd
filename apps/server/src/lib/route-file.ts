/**
 * Which file each API route is declared in, for docs/routes.md: a route plugin names its own
 * module (`routesIn(import.meta.url, …)`), and every route it registers, itself or through a
 * helper it calls, is filed under it. From a bundle there is no source file to name: null.
 */
import type { FastifyPluginOptions, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const SOURCE_FILE = /\/src\/(features\/[^?#]+\.routes\.ts)$/;

const fileOfHandler = new WeakMap<RouteOptions['handler'], string>();

/** `features/<name>/<file>.routes.ts` of a module's URL, or null outside the sources. */
function sourceFileOf(moduleUrl: string): string | null {
  return SOURCE_FILE.exec(new URL(moduleUrl).pathname)?.[1] ?? null;
}

export function routesIn<Options extends FastifyPluginOptions>(
  moduleUrl: string,
  plugin: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  const file = sourceFileOf(moduleUrl);
  return async (app, options) => {
    if (file !== null) {
      app.addHook('onRoute', (route) => {
        fileOfHandler.set(route.handler, file);
      });
    }
    await plugin(app, options);
  };
}

/** The file `handler`'s route was declared in (after the app is ready), or null. */
export function routeFileOf(handler: RouteOptions['handler']): string | null {
  return fileOfHandler.get(handler) ?? null;
}
