import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasPermission, type Permission } from '@partner-portal/shared/permissions';
import type { CurrentUser } from '@partner-portal/shared/user';
import { AppError } from './app-error';
import type { LiveSessions, SessionView } from './live-sessions';
import { verifySessionToken } from './session-token';

/**
 * Every /api route declares who may call it, once, in its options (architecture doc "API
 * contract"): `config: { access: 'public' }`, `'authenticated'` (any signed-in member, whatever
 * the permission) or `{ permission: 'admin' }` (spec §6 matrix). `'embed'` routes serve the
 * embedded workbook page and take an embed session instead of a user session; their plugin
 * checks it (features/analytics/embed-data.routes.ts).
 */
export type RouteAccess = 'public' | 'authenticated' | 'embed' | { permission: Permission };

export interface Actor {
  userId: string;
  accountId: string;
  sessionId: string;
  permission: Permission;
  impersonatorId: string | null;
  /** When the session ends at the latest (its absolute lifetime). */
  expiresAt: Date;
}

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
    /** The caller's spec §3 current user, loaded with the session (GET /api/user answers it). */
    currentUser: CurrentUser | null;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** Declared `credentials: true`: refused to impersonation sessions. */
  credentials: boolean;
  /** The route's zod schemas, so tests can drive every route from what it declares. */
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    response: Record<string, unknown>;
  };
}

const routeRegistry = new WeakMap<FastifyInstance, RegisteredRoute[]>();

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

/** Throws 403 unless the actor's permission holds `required` in the spec §6 matrix. */
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
