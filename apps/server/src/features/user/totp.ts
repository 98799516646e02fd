import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const TOTP_ISSUER = 'Partner Portal';
const PERIOD_SECONDS = 30;
// Backup codes avoid look-alike characters (0/O, 1/I/L) since people copy them by hand.
const BACKUP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const BACKUP_CODE_LENGTH = 10;

/** RFC 6238: SHA-1, 6 digits, 30 s, a 160-bit secret. */
export function createTotp(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step a code belongs to when it is the current or the previous step's code (the
 * checklist allows no later step), or null. Callers refuse a step at or below the last used one.
 */
export function matchTotpStep(totp: TOTP, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null || delta > 0) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

export function newBackupCode(): string {
  return Array.from(
    { length: BACKUP_CODE_LENGTH },
    () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)],
  ).join('');
}

export function normalizeBackupCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}
