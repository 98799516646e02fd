/** docs/product.md#constants-and-limits business constants and limits, in one place. */
export const TOAST_LIMIT = 3;
export const TOAST_REMOVE_DELAY_MS = 10_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'] as const;

export const ONE_TIME_CODE_LENGTH = 6;
export const FEEDBACK_AUTO_CLOSE_MS = 3_000;
/** docs/product.md#screens-and-routes "Help": how long support access lasts once given, in days. */
export const SUPPORT_ACCESS_DAY_CHOICES = [1, 7, 14, 30] as const;
export type SupportAccessDays = (typeof SUPPORT_ACCESS_DAY_CHOICES)[number];
export const SUPPORT_ACCESS_DEFAULT_DAYS: SupportAccessDays = 7;
/** docs/product.md#entities "Feedback": the three faces of the widget. */
export const FEEDBACK_RATINGS = ['positive', 'neutral', 'negative'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_COMMENT_MAX_LENGTH = 2_000;
export const UPGRADE_REDIRECT_DELAY_MS = 2_500;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const POPOVER_WIDTH = '18rem';
export const POPOVER_SIDE_OFFSET = 4;
/** The card fields' text, the same in the built-in form and in Stripe's frame. */
export const CARD_FIELD_FONT_SIZE = '13px';
export const PROGRESS_MAX = 100;
export const CHART_ANIMATION = { duration: 1_000, easing: 'easeOutQuart' } as const;

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

export function toLocale(value: string | null | undefined): Locale {
  const base = value?.trim().slice(0, 2).toLowerCase();
  return base === 'es' ? 'es' : FALLBACK_LOCALE;
}

export const NOTIFICATION_NAMES = [
  'new_signin',
  'plan_updated',
  'card_updated',
  'invite_accepted',
  'report_digest',
] as const;
export type NotificationName = (typeof NOTIFICATION_NAMES)[number];

/**
 * What a switch is until the user sets it: the four account mails are on, while the report digest
 * (docs/product.md#report-digests) is a newsletter-like mail nobody should get unasked.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationName, boolean> = {
  new_signin: true,
  plan_updated: true,
  card_updated: true,
  invite_accepted: true,
  report_digest: false,
};

export const MAX_BODY_BYTES = 1024 * 1024;

/** The double-submit XSRF pair: the cookie the server hands out and the header that echoes it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
