import { API_KEY_DEFAULT_EXPIRY_DAYS } from '@partner-portal/shared/api-key-rules';

const DAY_MS = 86_400_000;

/** The create dialog's expiry choices, in days; the server takes up to API_KEY_MAX_EXPIRY_DAYS. */
export const EXPIRY_CHOICES = ['30', String(API_KEY_DEFAULT_EXPIRY_DAYS), '365', 'never'] as const;
export const DEFAULT_EXPIRY = String(API_KEY_DEFAULT_EXPIRY_DAYS);

/** The chosen expiry as POST /api/key takes it: an ISO time that many days from now, or null for never. */
export function expiresAt(choice: unknown, now = Date.now()): string | null {
  if (choice === 'never') return null;
  const days = Number(choice) || API_KEY_DEFAULT_EXPIRY_DAYS;
  return new Date(now + days * DAY_MS).toISOString();
}
