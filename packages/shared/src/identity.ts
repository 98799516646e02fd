import { z } from 'zod';
import {
  CODE_MAX_LENGTH,
  CODE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  PARTNER_NAME_MAX_LENGTH,
  PASSWORD_PROOF_MAX_LENGTH,
} from './field-limits';
import { encodeMessage } from './form-messages';
import { LOCALES, SUPPORT_ACCESS_DAY_CHOICES } from './constants';
import { DigestFrequencySchema, TimeZoneSchema } from './digests';
import { SessionResponseSchema } from './user';
import { emailField, otpCodeField, passwordField, requiredText, storableText } from './validation';

/** POST /api/account — docs/product.md#screens-and-routes "Signup account", docs/product.md#api-calls. */
export const SignupInputSchema = z
  .object({
    first_name: requiredText({ field: 'first_name', max: NAME_MAX_LENGTH }),
    last_name: requiredText({ field: 'last_name', max: NAME_MAX_LENGTH }),
    email: emailField(),
    partner_name: requiredText({ field: 'partner_name', max: PARTNER_NAME_MAX_LENGTH }),
    password: passwordField(),
    confirm_password: storableText().optional(),
    /** The look the visitor had before signing up (their toggle, else their device's): kept. */
    dark_mode: z.boolean().optional(),
  })
  .refine(
    (input) => input.confirm_password === undefined || input.confirm_password === input.password,
    {
      path: ['confirm_password'],
      message: encodeMessage('global.form.password.error.mismatch'),
    },
  );
export type SignupInput = z.infer<typeof SignupInputSchema>;

/** POST /api/user — docs/product.md#screens-and-routes "Signup user": an invited person joins the inviting account. */
export const InvitedSignupInputSchema = z
  .object({
    first_name: requiredText({ field: 'first_name', max: NAME_MAX_LENGTH }),
    last_name: requiredText({ field: 'last_name', max: NAME_MAX_LENGTH }),
    email: emailField(),
    password: passwordField(),
    confirm_password: storableText().optional(),
    /** The invite link's opaque one-time token (the `id` query parameter), not a row id. */
    invite_id: z
      .string()
      .min(16)
      .max(512)
      .regex(/^[A-Za-z0-9_-]+$/),
    /** The look the visitor had before signing up (their toggle, else their device's): kept. */
    dark_mode: z.boolean().optional(),
  })
  .refine(
    (input) => input.confirm_password === undefined || input.confirm_password === input.password,
    {
      path: ['confirm_password'],
      message: encodeMessage('global.form.password.error.mismatch'),
    },
  );
export type InvitedSignupInput = z.infer<typeof InvitedSignupInputSchema>;

/** POST /api/auth — password sign-in (social sign-in posts `{ token }`). */
export const SigninInputSchema = z.union([
  z.object({ email: emailField(), password: storableText().min(1).max(PASSWORD_PROOF_MAX_LENGTH) }),
  z.object({ token: storableText().min(20).max(512) }),
]);
export type SigninInput = z.infer<typeof SigninInputSchema>;

/** A sign-in answer: the session, or the OTP challenge when 2FA is on (docs/product.md#states-and-transitions). */
export const OtpChallengeResponseSchema = z.object({
  '2fa_required': z.literal(true),
  token: z.string(),
});
export const SigninResponseSchema = z.union([SessionResponseSchema, OtpChallengeResponseSchema]);
export type SigninResponse = z.infer<typeof SigninResponseSchema>;

export const TokenInputSchema = z.object({ token: storableText().min(1).max(512) });
export const SwitchAccountInputSchema = z.object({ account: z.string().uuid() });
/** POST /api/auth/otp: a 6-digit TOTP code, or the backup code (entered as text). */
export const OtpInputSchema = z.object({
  code: storableText()
    .trim()
    .min(CODE_MIN_LENGTH, { message: encodeMessage('global.form.otp.error.invalid') })
    .max(CODE_MAX_LENGTH),
  jwt: storableText().min(1).max(512),
});
export const TwoFactorToggleInputSchema = z.object({
  '2fa_enabled': z.boolean(),
  code: storableText().trim().max(CODE_MAX_LENGTH).optional(),
});
export const TwoFactorSetupResponseSchema = z.object({
  '2fa_enabled': z.boolean(),
  qr_code: z.string().optional(),
  secret: z.string().optional(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;
export const TwoFactorVerifyInputSchema = z.object({ code: otpCodeField() });
export const BackupCodeResponseSchema = z.object({ backup_code: z.string() });

/** An event's name: `dashboard.opened`, `help_viewed`. */
export const EVENT_NAME_PATTERN = /^[a-z0-9_.]{1,64}$/;
/** The most an event's metadata weighs, as JSON in UTF-8. */
export const EVENT_METADATA_MAX_BYTES = 2048;

/** POST /api/event (docs/product.md#api-calls): a product event of the signed-in user. */
export const EventInputSchema = z.strictObject({
  name: z.string().regex(EVENT_NAME_PATTERN),
  metadata: z
    .record(
      storableText().max(100),
      z.union([storableText().max(500), z.number(), z.boolean(), z.null()]),
    )
    .refine(
      (metadata) =>
        new TextEncoder().encode(JSON.stringify(metadata)).length <= EVENT_METADATA_MAX_BYTES,
      { message: `metadata must be at most ${EVENT_METADATA_MAX_BYTES} bytes of JSON` },
    )
    .default({}),
});

export const EmailInputSchema = z.object({ email: emailField() });
/** POST /api/auth/password/reset (docs/product.md#api-calls: jwt, email, password). */
export const ResetPasswordInputSchema = z.object({
  jwt: storableText().min(1).max(512),
  email: emailField(),
  password: passwordField(),
});

/**
 * PUT /api/user/password (docs/product.md#screens-and-routes "Password"): the current password only when the user has one
 * (`has_password`), and a new one under the sign-up rules.
 */
export const ChangePasswordInputSchema = z.object({
  oldpassword: storableText().max(PASSWORD_PROOF_MAX_LENGTH).optional(),
  has_password: z.boolean().optional(),
  newpassword: passwordField(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/**
 * PATCH /api/user on oneself (docs/product.md#api-calls): the profile fields and preferences. Anything else —
 * `permission`, `verified`, `account_id`, another user's `id` — is refused, never ignored.
 */
export const PROFILE_FIELDS = {
  first_name: requiredText({ field: 'first_name', max: NAME_MAX_LENGTH }).optional(),
  last_name: requiredText({ field: 'last_name', max: NAME_MAX_LENGTH }).optional(),
  email: emailField().optional(),
  /** Proves a new `email` (docs/security.md "An e-mail change cannot take an account over"). */
  password: storableText().max(PASSWORD_PROOF_MAX_LENGTH).optional(),
  /** The same for a user without a password: a 2FA code, or the code mailed to them. */
  code: storableText().trim().max(CODE_MAX_LENGTH).optional(),
  default_account: z.string().uuid().nullable().optional(),
  dark_mode: z.boolean().optional(),
  locale: z.enum(LOCALES).optional(),
  support_enabled: z.boolean().optional(),
  /** How long support access given now lasts (with `support_enabled: true`); 7 days if left out. */
  support_days: z
    .number({ error: encodeMessage('global.form.field.support_days') })
    .refine((days) => (SUPPORT_ACCESS_DAY_CHOICES as readonly number[]).includes(days), {
      error: encodeMessage('global.form.field.support_days'),
    })
    .optional(),
  /** The report digest's cadence, clock and attachment (docs/product.md#report-digests). */
  digest_frequency: DigestFrequencySchema.optional(),
  timezone: TimeZoneSchema.optional(),
  digest_csv: z.boolean().optional(),
};
export const ProfileUpdateInputSchema = z
  .strictObject(PROFILE_FIELDS)
  .refine((input) => Object.keys(input).length > 0, { message: 'Send at least one field.' })
  .superRefine(checkSupportDays);

/** A length of support access only comes with turning it on. */
export function checkSupportDays(
  input: { support_days?: number | undefined; support_enabled?: boolean | undefined },
  ctx: z.RefinementCtx,
): void {
  if (input.support_days !== undefined && input.support_enabled !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['support_days'],
      message: encodeMessage('global.form.field.support_days_alone'),
    });
  }
}
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInputSchema>;

/** POST /api/user/email/revert: the "this was not me" link mailed to the old address. */
export const EmailRevertResponseSchema = z.object({ email: z.string() });
export type EmailRevertResponse = z.infer<typeof EmailRevertResponseSchema>;
