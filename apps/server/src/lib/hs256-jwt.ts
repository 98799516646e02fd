import { createSigner, createVerifier } from 'fast-jwt';

/**
 * HS256 JWTs (RFC 7519 compact form), signed and checked by fast-jwt, synchronously on the event
 * loop. The guard checks one on every request: WebCrypto (which jose uses) queues HMACs on libuv's
 * thread pool, where password hashing runs, so a sign-in flood would stall every signed-in request
 * (docs/security.md "A sign-in flood starves no one"); fast-jwt with a key in hand (no key
 * callback) uses node:crypto's HMAC in the caller's turn, and keeps a cache of tokens it checked.
 */
export type JwtClaims = Record<string, unknown>;

type Verify = (token: string) => JwtClaims;

/**
 * One signer per key, and one verifier per key, issuer and audience: each compiles its options
 * and holds its cache. Each key is made once (lib/derived-key.ts, sessionKey), so these stay few.
 */
const signers = new WeakMap<Uint8Array, (claims: JwtClaims) => string>();
const verifiers = new WeakMap<Uint8Array, Map<string, Verify>>();

function signerFor(key: Uint8Array): (claims: JwtClaims) => string {
  let sign = signers.get(key);
  if (!sign) {
    // The claims carry their own iat and exp: nothing is added to them.
    sign = createSigner({ key: Buffer.from(key), algorithm: 'HS256', noTimestamp: true });
    signers.set(key, sign);
  }
  return sign;
}

function verifierFor(key: Uint8Array, issuer: string, audience: string): Verify {
  let byClaims = verifiers.get(key);
  if (!byClaims) {
    byClaims = new Map();
    verifiers.set(key, byClaims);
  }
  const name = JSON.stringify([issuer, audience]);
  let verify = byClaims.get(name);
  if (!verify) {
    verify = createVerifier({
      key: Buffer.from(key),
      algorithms: ['HS256'],
      allowedIss: issuer,
      allowedAud: audience,
      // The time is the caller's (a test's clock, the server's now): checked below, not here.
      ignoreExpiration: true,
      ignoreNotBefore: true,
      cache: true,
    }) as Verify;
    byClaims.set(name, verify);
  }
  return verify;
}

export function signJwt(
  claims: JwtClaims,
  key: Uint8Array,
  header?: Record<string, string>,
): string {
  if (!header) return signerFor(key)(claims);
  return createSigner({
    key: Buffer.from(key),
    algorithm: 'HS256',
    noTimestamp: true,
    header: { ...header, alg: 'HS256' },
  })(claims);
}

/**
 * The claims of a token signed with `key` by HS256 (no other algorithm, no `crit` header it does
 * not know), issued by `issuer` for `audience`, unexpired and already valid at `now`; null for
 * anything else, never an exception.
 */
export function verifyJwt(
  token: string,
  key: Uint8Array,
  expected: { issuer: string; audience: string; now: Date },
): JwtClaims | null {
  let claims: JwtClaims;
  try {
    claims = verifierFor(key, expected.issuer, expected.audience)(token);
  } catch {
    return null;
  }
  const now = expected.now.getTime() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
  return claims;
}
