import { hkdfSync } from 'node:crypto';

const derived = new Map<string, Buffer>();

/**
 * The key for one purpose (`info`), derived from the session secret with HKDF-SHA256, so no two
 * purposes share a key and the secret itself signs nothing. Derived once per secret and purpose:
 * the embed data calls verify a token with it on every request.
 */
export function derivedKey(sessionSecret: string, purpose: string): Buffer {
  const memo = `${purpose}\u0000${sessionSecret}`;
  let key = derived.get(memo);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, 'partner-portal', purpose, 32));
    derived.set(memo, key);
  }
  return key;
}
