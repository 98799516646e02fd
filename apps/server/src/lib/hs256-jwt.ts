import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HS256 JWTs (RFC 7519 compact form) signed and checked synchronously with node:crypto. The
 * guard checks one on every request: WebCrypto (which jose uses) queues HMACs on libuv's thread
 * pool, where password hashing runs, so a sign-in flood would stall every signed-in request
 * (docs/security.md "A sign-in flood starves no one"). An HMAC of a few hundred bytes takes
 * microseconds on the event loop.
 */
export type JwtClaims = Record<string, unknown>;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (key: Uint8Array, input: string) => createHmac('sha256', key).update(input).digest();

export function signJwt(
  claims: JwtClaims,
  key: Uint8Array,
  header?: Record<string, string>,
): string {
  const head = header
    ? Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', ...header })).toString('base64url')
    : HEADER;
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${head}.${body}.${mac(key, `${head}.${body}`).toString('base64url')}`;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The claims of a token signed with `key` by HS256 (no other algorithm, no `crit` header),
 * issued by `issuer` for `audience`, unexpired and already valid at `now`; null for anything
 * else, never an exception.
 */
export function verifyJwt(
  token: string,
  key: Uint8Array,
  expected: { issuer: string; audience: string; now: Date },
): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  if (!BASE64URL.test(head) || !BASE64URL.test(body) || !BASE64URL.test(signature)) return null;
  const header = decodeJson(head);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(key, `${head}.${body}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  const claims = decodeJson(body);
  if (!claims) return null;
  const now = expected.now.getTime() / 1000;
  const audience = claims.aud;
  const audienceOk = Array.isArray(audience)
    ? audience.includes(expected.audience)
    : audience === expected.audience;
  if (claims.iss !== expected.issuer || !audienceOk) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
  return claims;
}
