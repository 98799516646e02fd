import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  hasPermission,
  PermissionSchema,
  type Permission,
} from '@partner-portal/shared/permissions';
import type { Db } from '../db/client';
import { accounts, accountUsers, sessions, users } from '../db/schema/index';
import { AppError } from './app-error';
import { verifySessionToken, type SessionClaims } from './session-token';

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
// last_seen_at is refreshed at most this often, so a busy client costs one write a minute.
const LAST_SEEN_RESOLUTION_MS = 60_000;

export interface AuthGuardDeps {
  db: Db;
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
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'embed') return;
    const actor = await authenticate(request, deps.db, deps.sessionSecret, now());
    if (!actor) throw new AppError('unauthorized', 'error.unauthorized');
    request.actor = actor;
    if (access !== 'authenticated') requirePermission(actor, access.permission);
    if (request.routeOptions.config?.credentials) requireOwnSession(actor);
  });
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

async function authenticate(
  request: FastifyRequest,
  db: Db,
  secret: string,
  at: Date,
): Promise<Actor | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match?.[1]) return null;
  const claims = verifySessionToken(secret, match[1], at);
  if (!claims) return null;
  return findLiveActor(db, claims, at, { touch: true });
}

/**
 * The actor of a session that is still live at `at`: not revoked or expired, its user not
 * disabled, its account open, its membership still there. Null otherwise. Embed sessions call it
 * too, so an embedded dashboard dies with the user session that opened it.
 */
export async function findLiveActor(
  db: Db,
  claims: SessionClaims,
  at: Date,
  options: { touch?: boolean } = {},
): Promise<Actor | null> {
  const [row] = await db
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      impersonatorId: sessions.impersonatorId,
      permission: accountUsers.permission,
      isMaster: users.isMaster,
      disabled: users.disabled,
      closedAt: accounts.closedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.accountId, sessions.accountId), eq(accountUsers.userId, sessions.userId)),
    )
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        eq(sessions.accountId, claims.accountId),
      ),
    )
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt <= at || row.disabled || row.closedAt) return null;
  const permission = PermissionSchema.safeParse(row.isMaster ? 'master' : row.permission);
  if (!permission.success) return null;

  if (options.touch && at.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, claims.sessionId));
  }
  return {
    userId: claims.userId,
    accountId: claims.accountId,
    sessionId: claims.sessionId,
    permission: permission.data,
    impersonatorId: row.impersonatorId,
    expiresAt: row.expiresAt,
  };
}
