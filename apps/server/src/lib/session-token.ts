import { randomUUID } from 'node:crypto';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/index';
import { signJwt, verifyJwt } from './hs256-jwt';

export const SESSION_ISSUER = 'partner-portal';
export const SESSION_AUDIENCE = 'partner-portal';
/** docs/security.md#sessions: 12 h absolute lifetime; impersonation at most 1 h. */
const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const IMPERSONATION_TTL_SECONDS = 60 * 60;

const sessionKeys = new Map<string, Uint8Array>();

/** The same bytes for the same secret: the JWT signer and verifier are kept per key (hs256-jwt.ts). */
export function sessionKey(secret: string): Uint8Array {
  let key = sessionKeys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    sessionKeys.set(secret, key);
  }
  return key;
}

export interface SessionClaims {
  sessionId: string;
  userId: string;
  accountId: string;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

/** Inserts the sessions row (id = jti) and signs the bearer JWT that names it. */
export async function createSessionToken(
  db: Db,
  secret: string,
  input: {
    userId: string;
    accountId: string;
    impersonatorId?: string | null;
    ttlSeconds?: number;
    userAgent?: string | null;
    ip?: string | null;
    now?: Date;
  },
): Promise<IssuedSession> {
  const now = input.now ?? new Date();
  const ttl = input.ttlSeconds ?? SESSION_TTL_SECONDS;
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  await db.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    accountId: input.accountId,
    impersonatorId: input.impersonatorId ?? null,
    userAgent: input.userAgent ?? null,
    ip: input.ip ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  const token = signJwt(
    {
      acc: input.accountId,
      jti: sessionId,
      sub: input.userId,
      iss: SESSION_ISSUER,
      aud: SESSION_AUDIENCE,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    },
    sessionKey(secret),
  );
  return { token, sessionId, expiresAt };
}

/**
 * Verifies signature (HS256 only: `alg: none` and others are refused), issuer, audience and
 * expiry, synchronously (lib/hs256-jwt.ts says why). Null for any token that fails, so callers
 * answer 401 rather than 500.
 */
/**
 * Tokens already verified, with what they said: the guard sees the same few tokens over and over,
 * and a token's signature, issuer and audience cannot change, so only its lifetime is checked
 * again. Keyed by the whole token and the secret; the oldest entries go past MAX_VERIFIED.
 */
const verified = new Map<
  string,
  { secret: string; claims: SessionClaims; exp: number; nbf: number }
>();
const MAX_VERIFIED = 10_000;

export function verifySessionToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): SessionClaims | null {
  const seconds = now.getTime() / 1000;
  const known = verified.get(token);
  if (known && known.secret === secret) {
    return known.exp > seconds && known.nbf <= seconds ? known.claims : null;
  }
  const claims = verifyJwt(token, sessionKey(secret), {
    issuer: SESSION_ISSUER,
    audience: SESSION_AUDIENCE,
    now,
  });
  if (
    !claims ||
    typeof claims.jti !== 'string' ||
    typeof claims.sub !== 'string' ||
    typeof claims.acc !== 'string'
  ) {
    return null;
  }
  const session = { sessionId: claims.jti, userId: claims.sub, accountId: claims.acc };
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(token, {
    secret,
    claims: session,
    exp: claims.exp as number,
    nbf: typeof claims.nbf === 'number' ? claims.nbf : -Infinity,
  });
  return session;
}

/** Revokes every live session matching the filter (e.g. all of a user's but the current one). */
export async function revokeSessions(
  db: Db,
  where: SQL | undefined,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(isNull(sessions.revokedAt), where));
}

export function sessionsOfUser(userId: string): SQL | undefined {
  return eq(sessions.userId, userId);
}
