import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  API_KEY_BEARER_PREFIX,
  API_KEY_CHECKSUM_LENGTH,
  API_KEY_PATTERN,
  API_KEY_SECRET_LENGTH,
} from '@partner-portal/shared/api-key-rules';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** CRC-32 of prefix and secret in six base62 characters (62^6 > 2^32), as GitHub's tokens do. */
function checksum(body: string): string {
  let value = crc32(body);
  let text = '';
  for (let index = 0; index < API_KEY_CHECKSUM_LENGTH; index += 1) {
    text = BASE62[value % 62]! + text;
    value = Math.floor(value / 62);
  }
  return text;
}

export interface NewApiKey {
  /** The whole key: shown once, never stored. */
  key: string;
  hash: string;
  stub: string;
}

/**
 * A new key (docs/product.md#api-keys): the prefix names the kind so a leaked key is
 * recognisable to secret scanners, the checksum lets junk be refused before any database read.
 */
export function newApiKey(kind: 'live' | 'test'): NewApiKey {
  const prefix = `pp_${kind}_`;
  let secret = '';
  for (let index = 0; index < API_KEY_SECRET_LENGTH; index += 1) secret += BASE62[randomInt(62)];
  const key = `${prefix}${secret}${checksum(prefix + secret)}`;
  return { key, hash: hashApiKey(key), stub: apiKeyStub(key) };
}

/** The key an Authorization header carries, or null for anything else (a session JWT, nothing). */
export function apiKeyFromHeader(header: string | undefined): string | null {
  if (typeof header !== 'string' || !header.startsWith(API_KEY_BEARER_PREFIX)) return null;
  return header.slice('Bearer '.length);
}

/** Shape and checksum only: true says nothing of whether the key exists. */
export function isWellFormedApiKey(key: string): boolean {
  if (!API_KEY_PATTERN.test(key)) return false;
  const body = key.slice(0, -API_KEY_CHECKSUM_LENGTH);
  return checksum(body) === key.slice(-API_KEY_CHECKSUM_LENGTH);
}

/** SHA-256 is enough: the secret is 190 random bits, not something a person chose. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** `pp_live_Ab12…wxyz`: enough to tell keys apart on the screen, useless to a thief. */
export function apiKeyStub(key: string): string {
  return `${key.slice(0, 12)}…${key.slice(-4)}`;
}
