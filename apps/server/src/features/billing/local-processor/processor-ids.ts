import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id in Stripe's shape (`pm_local_…`), so logs and support read the same on both. */
export function newProcessorId(prefix: 'cus' | 'pm' | 'sub' | 'in' | 'pi'): string {
  const bytes = randomBytes(24);
  let body = '';
  for (const byte of bytes) body += BASE62[byte % 62];
  return `${prefix}_local_${body}`;
}

/** A payment intent's client secret: the intent id and 32 random bytes, as Stripe's. */
export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomBytes(32).toString('base64url')}`;
}
