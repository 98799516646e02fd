import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  API_KEY_SCOPES,
  SCOPE_PERMISSION,
  type ApiKeyScope,
} from '@partner-portal/shared/api-key-rules';
import { hasPermission, type Permission } from '@partner-portal/shared/permissions';
import type { CurrentUser } from '@partner-portal/shared/user';
import type { Actor, SessionActor } from './actor';
import { createAccountLimiter } from './account-rate-limit';
import { apiKeyFromHeader, hashApiKey, isWellFormedApiKey } from './api-key-secret';
import { AppError } from './app-error';
import { recordChange, routeOf, type Caller } from './audit';
import { requestMeta } from './request-meta';
import type { Db } from '../db/client';
import type { KeyUsage } from './key-usage';
import { addressAllowed, type LiveKeys } from './live-keys';
import type { LiveSessions, SessionView } from './live-sessions';
import { verifySessionToken } from './session-token';
import { routeFileOf } from './route-file';

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
    /**
     * The API-key scope that opens this route (docs/product.md#api-keys); without one, keys are
     * refused. The scope's permission must reach the route's (checked at boot).
     */
    scope?: ApiKeyScope;
    /**
     * true: open to a member whose account requires 2FA, past its deadline, who has none — what
     * they need to set it up, read and change their profile, switch account and sign out
     * (docs/product.md#two-factor-policy). Every other member route answers 403 `2fa_required`.
     */
    openWhile2faDue?: boolean;
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
  /** The API-key scope that opens it; null: keys are refused. */
  scope: ApiKeyScope | null;
  /** Declared `openWhile2faDue: true`: open to a member the 2FA policy keeps out. */
  openWhile2faDue: boolean;
  /**
   * The route file that declared it (`features/<name>/<file>.routes.ts`, lib/route-file.ts);
   * docs/routes.md is generated from it. Null when run from a bundle.
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

/** A route as registered: its file is looked up by its handler once every plugin has run. */
type RegistryEntry = Omit<RegisteredRoute, 'file'> & { handler: RouteOptions['handler'] };

const routeRegistry = new WeakMap<FastifyInstance, RegistryEntry[]>();

/** Every /api route with its declared access, for the authorization-matrix tests. */
export function listRouteAccess(app: FastifyInstance): RegisteredRoute[] {
  return (routeRegistry.get(app) ?? []).map(({ handler, ...route }) => ({
    ...route,
    file: routeFileOf(handler),
  }));
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

export interface AuthGuardDeps {
  /** Where key denials are audited. */
  db: Db;
  sessions: LiveSessions;
  keys: LiveKeys;
  keyUsage: KeyUsage;
  /** Calls a minute per key. */
  keyRateLimit?: number;
  sessionSecret: string;
  now?: () => Date;
}

export function registerAuthGuard(app: FastifyInstance, deps: AuthGuardDeps): void {
  const registry: RegistryEntry[] = [];
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
    const scope = route.config?.scope ?? null;
    if (scope !== null)
      checkScopeDeclaration(`${String(route.method)} ${route.url}`, access, scope);
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
        scope,
        openWhile2faDue: route.config?.openWhile2faDue === true,
        handler: route.handler,
        schema,
      });
    }
  });

  // Per key, on the app's rate-limit store (shared across instances under Redis).
  const keyLimit = createAccountLimiter(app, 'api_key', deps.keyRateLimit);

  app.decorateRequest('actor', null);
  app.decorateRequest('currentUser', null);
  // Callback style: public routes (most requests by count) pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'embed') return done();
    const key = apiKeyFromHeader(request.headers.authorization);
    if (key !== null) guardKey(request, reply, access, key).then(() => done(), done);
    else guard(request, access).then(() => done(), done);
  });

  async function guard(request: FastifyRequest, access: RouteAccess): Promise<void> {
    const view = await authenticate(request, deps.sessions, deps.sessionSecret, now());
    if ('ended' in view) {
      // A session an administrator ended by changing the member's access: say so.
      throw view.ended
        ? new AppError('unauthorized', 'error.access_changed', { reason: view.ended })
        : new AppError('unauthorized', 'error.unauthorized');
    }
    const { actor } = view;
    request.actor = actor;
    request.currentUser = view.user;
    // Before the permission: "set up 2FA" is what such a member can act on, whatever the route.
    if (!request.routeOptions.config?.openWhile2faDue) requireTwoFactorIfDue(view.user, now());
    if (typeof access === 'object') requirePermission(actor, access.permission);
    if (request.routeOptions.config?.credentials) requireOwnSession(actor);
  }

  /**
   * An API key's call: 401 for junk (refused by its checksum, before any query) and for an
   * unknown, revoked or expired key; then 403 for a creator the account's 2FA policy keeps out, a
   * route that takes no keys, an address outside the key's ranges, a scope the key lacks or one
   * its creator can no longer use; 429 past the key's rate.
   */
  async function guardKey(
    request: FastifyRequest,
    reply: FastifyReply,
    access: RouteAccess,
    key: string,
  ): Promise<void> {
    if (!isWellFormedApiKey(key)) throw new AppError('unauthorized', 'error.key_invalid');
    const at = now();
    const view = await deps.keys.find(hashApiKey(key), at);
    if (!view) throw new AppError('unauthorized', 'error.key_invalid');
    const { actor } = view;
    // Counted before any refusal, so a key hammering what it may not do is cut off too (and its
    // denials, which are audited, stay bounded).
    await keyLimit.take(request, reply, actor.keyId);
    deps.keyUsage.record(actor.keyId, request.ip, at);
    const scope = request.routeOptions.config?.scope;
    const deny = async (error: AppError) => {
      await recordChange(deps.db, { actor, meta: requestMeta(request) }, at, {
        action: 'api_key.denied',
        targetType: 'route',
        targetId: routeOf(request),
        outcome: 'denied',
        changes: { reason: error.messageKey, ...(scope ? { scope } : {}) },
      });
      return error;
    };
    // A key acts as its creator, so it is held to what holds them: past the account's 2FA
    // deadline, a creator without 2FA gets nothing through a key either (their own sessions are
    // refused by requireTwoFactorIfDue).
    const due = view.twoFactorDue;
    if (due && due.deadline <= at) {
      throw await deny(
        new AppError('forbidden', 'error.key_two_factor_required', {
          reason: '2fa_required',
          params: { account: due.account },
        }),
      );
    }
    // Only someone who may manage keys keeps keys working: a demoted creator's stop at once.
    if (!hasPermission(actor.permission, 'developer')) {
      throw await deny(new AppError('forbidden', 'error.key_creator'));
    }
    if (!scope) throw await deny(new AppError('forbidden', 'error.key_route'));
    if (view.allowedIps && !addressAllowed(view.allowedIps, request.ip)) {
      throw await deny(new AppError('forbidden', 'error.key_ip', { params: { ip: request.ip } }));
    }
    if (!view.scopes.has(scope)) {
      throw await deny(new AppError('forbidden', 'error.key_scope', { params: { scope } }));
    }
    if (!hasPermission(actor.permission, SCOPE_PERMISSION[scope])) {
      throw await deny(new AppError('forbidden', 'error.key_creator_scope', { params: { scope } }));
    }
    request.actor = actor;
    if (typeof access === 'object') requirePermission(actor, access.permission);
  }
}

/** A scope must open only member routes its permission reaches: fail at boot, not in production. */
function checkScopeDeclaration(route: string, access: RouteAccess, scope: ApiKeyScope): void {
  const permission = typeof access === 'object' ? access.permission : 'user';
  if (!API_KEY_SCOPES.includes(scope) || access === 'public' || access === 'embed') {
    throw new Error(`Route ${route} declares scope ${scope} but is not a member route`);
  }
  // The key's creator must hold the scope's permission, so that must reach the route's own.
  if (!hasPermission(SCOPE_PERMISSION[scope], permission)) {
    throw new Error(
      `Route ${route} requires ${permission}, which its scope ${scope} (${SCOPE_PERMISSION[scope]}) does not reach`,
    );
  }
}

/**
 * Throws 403 for a support session impersonating the user: it may look and help, never change
 * how the user signs in (docs/security.md "Impersonation changes no credential").
 */
export function requireOwnSession(actor: Actor): void {
  if (actor.impersonatorId) throw new AppError('forbidden', 'error.impersonation_credentials');
}

/**
 * Throws 403 `2fa_required` when the session's account requires 2FA, its deadline has passed and
 * the user has none (docs/product.md#two-factor-policy). Read from the session's cached view, so
 * it costs no query. A key's call is held to the same deadline in `guardKey`.
 */
export function requireTwoFactorIfDue(user: CurrentUser, at: Date): void {
  const deadline = user.two_factor_deadline;
  if (deadline && Date.parse(deadline) <= at.getTime()) {
    throw new AppError('forbidden', 'error.two_factor_required', {
      reason: '2fa_required',
      params: { account: user.account_name },
    });
  }
}

/** Throws 403 unless the actor's permission holds `required` in the docs/product.md#roles-and-permissions matrix. */
export function requirePermission(actor: Actor, required: Permission): void {
  if (!hasPermission(actor.permission, required))
    throw new AppError('forbidden', 'error.forbidden');
}

/**
 * The session behind a call, for what only a session can do (sign out, switch account, mint an
 * embed URL, end the user's other sessions). Routes that do these declare no key scope, so a key
 * never reaches them; this refuses one all the same rather than trusting that.
 */
export function requireSession(actor: Actor): SessionActor {
  if (actor.keyId !== null) throw new AppError('forbidden', 'error.key_route');
  return actor;
}

/** The signed-in actor of a guarded route (the guard has already refused anonymous calls). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'error.unauthorized');
  return request.actor;
}

/** The signed-in actor and where the call came from: what a service's audit rows name. */
export function requireCaller(request: FastifyRequest): Caller {
  return { actor: requireActor(request), meta: requestMeta(request) };
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
): Promise<SessionView | { ended: 'access_changed' | null }> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match?.[1]) return { ended: null };
  const claims = verifySessionToken(secret, match[1], at);
  if (!claims) return { ended: null };
  const view = await sessions.find(claims, at, { touch: true });
  return view ?? { ended: await sessions.endedBecause(claims.sessionId) };
}
