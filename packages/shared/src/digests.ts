import { z } from 'zod';
import { encodeMessage } from './form-messages';

/**
 * How often a user's report digest comes (docs/product.md#report-digests): every day, every
 * weekday, every Monday, or on the 1st — always at 08:00 in the user's time zone.
 */
export const DIGEST_FREQUENCIES = ['daily', 'weekdays', 'weekly', 'monthly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DigestFrequencySchema = z.enum(DIGEST_FREQUENCIES);

/** The local hour a digest goes out at. */
export const DIGEST_SEND_HOUR = 8;
/** The most rows the optional CSV attachment holds. */
export const DIGEST_CSV_MAX_ROWS = 2_000;
/** How many advertisers (or an advertiser's campaigns) the digest lists. */
export const DIGEST_TOP_ROWS = 5;

/** An IANA time zone this runtime knows (`Europe/Madrid`, `America/New_York`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: encodeMessage('global.form.timezone.error.invalid') });
