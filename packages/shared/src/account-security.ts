import { z } from 'zod';
import { PermissionSchema } from './permissions';

/** Days members have to set up 2FA once the owner requires it, unless the owner picks others. */
export const TWO_FACTOR_GRACE_DAYS_DEFAULT = 7;
/** The longest grace an owner may give; 0 enforces at once. */
export const TWO_FACTOR_GRACE_DAYS_MAX = 30;
/** How long before the deadline the reminder mail goes out. */
export const TWO_FACTOR_REMINDER_MS = 24 * 60 * 60 * 1000;

export const AccountSecurityMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  permission: PermissionSchema,
});
export type AccountSecurityMember = z.infer<typeof AccountSecurityMemberSchema>;

/** GET /api/account/security: the account's 2FA policy and who it still waits for. */
export const AccountSecuritySchema = z.object({
  require_2fa: z.boolean(),
  grace_days: z.number().int(),
  /** Since when the account requires 2FA; null when it does not. */
  required_since: z.string().nullable(),
  /** From when members without 2FA are kept out; null when the account does not require it. */
  deadline: z.string().nullable(),
  /** Members (not the caller) without 2FA, who the policy keeps out after the deadline. */
  members_without_2fa: z.array(AccountSecurityMemberSchema),
  /**
   * Invitations not yet accepted (nor expired): whoever accepts one joins under the policy, and
   * its mail said so.
   */
  pending_invitations: z.number().int().min(0),
  /** Whether the caller has 2FA on: the policy can be turned on only then. */
  owner_2fa_enabled: z.boolean(),
});
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>;

/** PATCH /api/account/security. */
export const AccountSecurityInputSchema = z.strictObject({
  require_2fa: z.boolean(),
  grace_days: z.number().int().min(0).max(TWO_FACTOR_GRACE_DAYS_MAX).optional(),
});
export type AccountSecurityInput = z.infer<typeof AccountSecurityInputSchema>;
