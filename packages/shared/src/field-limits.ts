/*
 * How long the typed fields may be, in one place and without zod: the schemas of this package
 * read these numbers, and so do the web's forms (their maxLength stops the typing, their hints
 * name the limit). A form that has no schema loaded yet, such as sign-up, does not download the
 * schema library to learn two numbers.
 */
export const NAME_MAX_LENGTH = 100;
export const PARTNER_NAME_MAX_LENGTH = 200;
/** Never truncated: 8 to 128 characters, any Unicode (docs/security.md#passwords). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
/**
 * A password typed to prove who one is (sign-in, closing, an e-mail change): bounded only so a
 * body cannot carry megabytes; the policy's limits would tell a guesser what to skip.
 */
export const PASSWORD_PROOF_MAX_LENGTH = 1024;
/** A 2FA code, a backup code or a mailed code as typed; spaces and dashes are dropped later. */
export const CODE_MIN_LENGTH = 6;
export const CODE_MAX_LENGTH = 32;

/** The same limits as a form field's props. */
export const NAME_LENGTH = { maxLength: NAME_MAX_LENGTH } as const;
export const PASSWORD_LENGTH = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
} as const;
export const CODE_LENGTH = { minLength: CODE_MIN_LENGTH, maxLength: CODE_MAX_LENGTH } as const;
