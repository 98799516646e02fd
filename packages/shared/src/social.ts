import { z } from 'zod';
import { LOCALES } from './constants';
import { SOCIAL_PROVIDERS } from './prerendered-html';
import { storableText } from './validation';

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/**
 * GET /api/auth/providers — what the signed-out screens take from the server's configuration:
 * the configured social providers only, so the sign-in screen shows just those, and the partner
 * site the brand panel links to (BRAND_URL; absent when unset, and the link is then hidden).
 */
export const SocialProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: SocialProviderSchema, name: z.string() })),
  brandUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponseSchema>;

/** Why the callback refused a social sign-in; `/signin/social?error=` carries one of these. */
export const SOCIAL_FAILURE_REASONS = [
  'cancelled',
  'failed',
  'email_in_use',
  'no_email',
  'disabled',
] as const;
export type SocialFailureReason = (typeof SOCIAL_FAILURE_REASONS)[number];

/**
 * GET /auth/{provider}: where to go after signing in, and the look to sign up in: the language and
 * the theme (`dark=1`) the visitor had, which a new user keeps.
 */
export const SocialStartQuerySchema = z.object({
  redirect: storableText().max(2048).optional(),
  locale: z.enum(LOCALES).optional(),
  dark: z.enum(['0', '1']).optional(),
});
