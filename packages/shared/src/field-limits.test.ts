import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lengthConstraint } from './field-constraints';
import {
  CODE_LENGTH,
  CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_LENGTH,
  PARTNER_NAME_MAX_LENGTH,
  PASSWORD_LENGTH,
  PASSWORD_PROOF_MAX_LENGTH,
} from './field-limits';
import {
  ChangePasswordInputSchema,
  InvitedSignupInputSchema,
  OtpInputSchema,
  PROFILE_FIELDS,
  ResetPasswordInputSchema,
  SignupInputSchema,
  TwoFactorToggleInputSchema,
} from './identity';
import { CloseInputSchema } from './team';

describe('lengthConstraint', () => {
  it('reads min and max through optional, default and transform wrappers', () => {
    const schema = z
      .string()
      .trim()
      .min(1)
      .min(8)
      .max(40)
      .transform((value) => value.toUpperCase())
      .optional();
    expect(lengthConstraint(schema)).toEqual({ minLength: 8, maxLength: 40 });
    expect(lengthConstraint(z.string().max(9).default('a'))).toEqual({ maxLength: 9 });
  });

  it('reads nothing from a schema without length checks', () => {
    expect(lengthConstraint(z.string())).toEqual({});
    expect(lengthConstraint(z.boolean())).toEqual({});
  });
});

// Each row: the server's schema for a field, and the limits the web form for it sets. A limit
// changed in one place and not the other fails here.
describe('the forms and the server agree on every length limit', () => {
  const rows: [string, z.ZodType, Record<string, number>][] = [
    ['sign-up first name', SignupInputSchema.shape.first_name, { minLength: 1, ...NAME_LENGTH }],
    ['sign-up last name', SignupInputSchema.shape.last_name, { minLength: 1, ...NAME_LENGTH }],
    [
      'sign-up partner name',
      SignupInputSchema.shape.partner_name,
      { minLength: 1, maxLength: PARTNER_NAME_MAX_LENGTH },
    ],
    ['sign-up password', SignupInputSchema.shape.password, PASSWORD_LENGTH],
    [
      'invited sign-up name',
      InvitedSignupInputSchema.shape.first_name,
      { minLength: 1, ...NAME_LENGTH },
    ],
    ['invited sign-up password', InvitedSignupInputSchema.shape.password, PASSWORD_LENGTH],
    ['reset password', ResetPasswordInputSchema.shape.password, PASSWORD_LENGTH],
    ['new password', ChangePasswordInputSchema.shape.newpassword, PASSWORD_LENGTH],
    [
      'current password',
      ChangePasswordInputSchema.shape.oldpassword,
      { maxLength: PASSWORD_PROOF_MAX_LENGTH },
    ],
    ['profile first name', PROFILE_FIELDS.first_name, { minLength: 1, ...NAME_LENGTH }],
    ['profile e-mail proof code', PROFILE_FIELDS.code, { maxLength: CODE_MAX_LENGTH }],
    ['sign-in code', OtpInputSchema.shape.code, CODE_LENGTH],
    ['2FA off code', TwoFactorToggleInputSchema.shape.code, { maxLength: CODE_MAX_LENGTH }],
    [
      'closing password',
      CloseInputSchema.shape.password,
      { minLength: 1, maxLength: PASSWORD_PROOF_MAX_LENGTH },
    ],
    ['closing e-mail', CloseInputSchema.shape.email, { maxLength: EMAIL_MAX_LENGTH }],
  ];

  it.each(rows)('%s', (_name, schema, formLimits) => {
    expect(lengthConstraint(schema)).toEqual(formLimits);
  });
});
