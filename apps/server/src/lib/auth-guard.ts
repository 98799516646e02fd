import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasPermission, type Permission } from '@partner-portal/shared/permissions';
import type { CurrentUser } from '@partner-portal/shared/user';
import type { Actor } from './actor';
import { AppError } from './app-error';
import type { LiveSessions, SessionView } from './live-sessions';
import { verifySessionToken } from './session-token';

/**
 * Every /api route declares who may call it, once, in its options (architecture doc "API
 * contract"): `config: { access: 'public' }`, `'authenticated'` (any signed-in member, whatever
 * the permission) or `{ permission: 'admin' }` (docs/product.md#roles-and-permissions matrix). `'embed'` routes serve the
 * embedded workbook page and take an embed session instead of a user session; their plugin
 * checks it (features/analytics/embed-data.routes.ts).
 */
export type RouteAccess = 'public' | 'authenticated' | 'embed' | { permission: Permission };

export type { Actor };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** false: exempt from the XSRF header check (webhooks carry their own signature). */
    xsrf?: boolean;
    /**
     * true: the route changes how the user signs in (password, 2FA, keys, card, closing), so a
     * support session impersonating the user may not call it (docs/security.md).
     */
    credentials?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The caller's docs/product.md#entities current user, loaded with the session (GET /api/user answers it). */
    currentUser: CurrentUser | null;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** Declared `credentials: true`: refused to impersonation sessions. */
  credentials: boolean;
  /**
   * The route file that registered it (`features/<name>/<file>.routes.ts`), read from the stack
   * at registration; docs/routes.md is generated from it. Null when run from a bundle.
   */
  file: string | null;
  /** The route's zod schemas, so tests can drive every route from what it declares. */
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    response: Record<string, unknown>;
  };
}

const routeRegistry = new WeakMap<FastifyInstance, RegisteredRoute[]>();

const ROUTE_FILE = /\/src\/(features\/[^:\s]+?\.routes\.ts):/;

/** The first route file on the stack of a route's registration (once per route, at boot). */
function registeringFile(): string | null {
  // Fastify's own frames come first; the default ten can stop short of the route file.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return ROUTE_FILE.exec(stack)?.[1] ?? null;
}

/** Every /api route with its declared access, for the authorization-matrix tests. */
export function listRouteAccess(app: FastifyInstance): RegisteredRoute[] {
  return [...(routeRegistry.get(app) ?? [])];
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

export interface AuthGuardDeps {
  sessions: LiveSessions;
  sessionSecret: string;
  now?: () => Date;
}

export function registerAuthGuard(app: FastifyInstance, deps: AuthGuardDeps): void {
  const registry: RegisteredRoute[] = [];
  routeRegistry.set(app, registry);
  const now = deps.now ?? (() => new Date());

  // Fail closed: an API route without a declared access stops the app from starting.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (config.access)`,
      );
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const file = registeringFile();
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const schema = {
        body: route.schema?.body,
        querystring: route.schema?.querystring,
        params: route.schema?.params,
        response: (route.schema?.response ?? {}) as Record<string, unknown>,
      };
      registry.push({
        method,
        url: route.url,
        access,
        credentials: route.config?.credentials === true,
        file,
        schema,
      });
    }
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('currentUser', null);
  // Callback style: public routes (most requests by count) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'embed') return done();
    guard(request, access).then(() => done(), done);
  });

  async function guard(request: FastifyRequest, access: RouteAccess): Promise<void> {
    const view = await authenticate(request, deps.sessions, deps.sessionSecret, now());
    if (!view) throw new AppError('unauthorized', 'error.unauthorized');
    const { actor } = view;
    request.actor = actor;
    request.currentUser = view.user;
    if (typeof access === 'object') requirePermission(actor, access.permission);
    if (request.routeOptions.config?.credentials) requireOwnSession(actor);
  }
}

/**
 * Throws 403 for a support session impersonating the user: it may look and help, never change
 * how the user signs in (docs/security.md "Impersonation changes no credential").
 */
export function requireOwnSession(actor: Actor): void {
  if (actor.impersonatorId) throw new AppError('forbidden', 'error.impersonation_credentials');
}

/** Throws 403 unless the actor's permission holds `required` in the docs/product.md#roles-and-permissions matrix. */
export function requirePermission(actor: Actor, required: Permission): void {
  if (!hasPermission(actor.permission, required))
    throw new AppError('forbidden', 'error.forbidden');
}

/** The signed-in actor of a guarded route (the guard has already refused anonymous calls). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'error.unauthorized');
  return request.actor;
}

/** The caller's current user, loaded by the guard with the session (no query of its own). */
export function requireCurrentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('unauthorized', 'error.unauthorized');
  return request.currentUser;
}

async function authenticate(
  request: FastifyRequest,
  sessions: LiveSessions,
  secret: string,
  at: Date,
): Promise<SessionView | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match?.[1]) return null;
  const claims = verifySessionToken(secret, match[1], at);
  if (!claims) return null;
  return sessions.find(claims, at, { touch: true });
}
