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

/**
 * GET /api/digest/preview: the user's next digest as the mail will hold it — for the saved
 * settings, or for the choices given in the query before they are saved.
 */
export const DigestPreviewQuerySchema = z.strictObject({
  frequency: DigestFrequencySchema.optional(),
  timezone: TimeZoneSchema.optional(),
  csv: z.enum(['true', 'false']).optional(),
});
export type DigestPreviewQuery = z.infer<typeof DigestPreviewQuerySchema>;

/**
 * `ready`: the mail as the last complete period's digest reads. Otherwise why none would go: that
 * period has no data, the user's account requires 2FA they have not set up, or they have no
 * account whose reports could be told.
 */
export const DIGEST_PREVIEW_STATUSES = [
  'ready',
  'no_data',
  'two_factor_required',
  'no_account',
] as const;

export const DigestPreviewSchema = z.object({
  status: z.enum(DIGEST_PREVIEW_STATUSES),
  /** The account whose reports it tells of (the one the user signs in to). */
  account_name: z.string().nullable(),
  frequency: DigestFrequencySchema,
  timezone: z.string(),
  /** The local days the next digest covers, both included, and when it goes out (ISO). */
  period: z.object({ from: z.string(), to: z.string() }),
  send_at: z.string(),
  /**
   * The days the preview's figures cover: the last complete period, since the next one is still
   * under way and would be told as a fall against a whole one.
   */
  shown_period: z.object({ from: z.string(), to: z.string() }),
  subject: z.string().nullable(),
  /** The mail's own HTML, shown in a sandboxed frame. */
  html: z.string().nullable(),
  text: z.string().nullable(),
  /** The CSV attachment's file name, when one would be attached. */
  attachment: z.string().nullable(),
});
export type DigestPreview = z.infer<typeof DigestPreviewSchema>;

/** POST /api/digest/unsubscribe?token=: the signed link from the digest, no sign-in needed. */
export const DigestUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });
export const DigestUnsubscribeSchema = z.object({ unsubscribed: z.literal(true) });
export type DigestUnsubscribe = z.infer<typeof DigestUnsubscribeSchema>;
