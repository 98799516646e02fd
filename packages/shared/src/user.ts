import { z } from 'zod';
import { PermissionSchema } from './permissions';
import { PlanIdSchema, SubscriptionStatusSchema } from './plans';
import { LOCALES } from './constants';
import { DigestFrequencySchema } from './digests';

export const AccountSummarySchema = z.object({ id: z.string(), name: z.string() });
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** GET /api/account: the caller's account as an integration sees it. Dates are ISO strings. */
export const AccountDetailSchema = AccountSummarySchema.extend({
  plan: PlanIdSchema.nullable(),
  subscription_status: SubscriptionStatusSchema.nullable(),
  members: z.number().int(),
  created_at: z.string(),
});
export type AccountDetail = z.infer<typeof AccountDetailSchema>;

/** docs/product.md#entities "Current user": what GET /api/auth and sign-in answer, kept in local storage. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  /** A new address waiting to be confirmed from its mailbox; `email` signs in until then. */
  pending_email: z.string().nullable().optional(),
  avatar: z.string().nullable(),
  dark_mode: z.boolean(),
  locale: z.enum(LOCALES),
  has_password: z.boolean(),
  duplicate_user: z.boolean(),
  /** Support access allowed right now, and until when (ISO); it lapses by itself then. */
  support_enabled: z.boolean(),
  support_until: z.string().nullable().default(null),
  '2fa_enabled': z.boolean(),
  default_account: z.string().nullable(),
  accounts: z.array(AccountSummarySchema),
  account_id: z.string(),
  account_name: z.string(),
  permission: PermissionSchema,
  verified: z.boolean(),
  plan: PlanIdSchema.nullable(),
  subscription: SubscriptionStatusSchema.nullable(),
  enable_plus: z.boolean(),
  advertiser_name: z.string().nullable(),
  impersonating: z.boolean().optional(),
  /**
   * This account requires 2FA and the user has none: from this moment (ISO) on, only setting it
   * up is open to them here (docs/product.md#two-factor-policy); absent otherwise.
   */
  two_factor_deadline: z.string().optional(),
  // The report digest's settings (docs/product.md#report-digests). Defaults, because a record
  // stored in the browser before digests existed must still read as signed in.
  digest_frequency: DigestFrequencySchema.default('weekly'),
  /** Null until saved: the settings screen offers the browser's zone. */
  timezone: z.string().nullable().default(null),
  digest_csv: z.boolean().default(false),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A session as sign-in, 2FA, switching account and impersonation answer it: the user and a token. */
export const SessionResponseSchema = CurrentUserSchema.extend({ token: z.string() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/**
 * The stored session: that answer as it was kept, user record and bearer token
 * (docs/product.md#states-and-transitions); the browser checks a stored record with
 * SessionResponseSchema before trusting it.
 */
export type StoredSession = z.infer<typeof SessionResponseSchema>;

/**
 * GET /api/auth: the current user, fresh from the server. Here beside the stored record rather
 * than with the sign-in forms' schemas (identity.ts), so the signed-in shell, which reads these
 * two, does not build those.
 */
export const AuthStatusSchema = CurrentUserSchema.extend({ authenticated: z.literal(true) });
export type AuthStatus = z.infer<typeof AuthStatusSchema>;
