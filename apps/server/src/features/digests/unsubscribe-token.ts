import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../lib/derived-key';

/**
 * The report digest's one-click unsubscribe link (docs/product.md#report-digests): the user's id
 * and an HMAC of it, under a key derived from the session secret. It works without signing in
 * and never expires — a mail read a year later must still be able to stop the next one — and
 * all it can do is turn that user's digest off, so it needs no row of its own.
 */
function unsubscribeKey(sessionSecret: string): Buffer {
  return derivedKey(sessionSecret, 'digest-unsubscribe');
}

function mac(sessionSecret: string, userId: string): Buffer {
  return createHmac('sha256', unsubscribeKey(sessionSecret))
    .update(`report_digest:${userId}`)
    .digest();
}

const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export function signUnsubscribeToken(sessionSecret: string, userId: string): string {
  return `${userId}.${mac(sessionSecret, userId).toString('base64url')}`;
}

/** The user a token was signed for, or null for anything else (altered, truncated, foreign). */
export function verifyUnsubscribeToken(sessionSecret: string, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(sessionSecret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
