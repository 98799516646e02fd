import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './field-limits';
import { ONE_TIME_CODE_LENGTH } from './constants';
import { encodeMessage } from './form-messages';

/**
 * docs/product.md#validation-rules rules, written once: the server validates requests with these builders and the web
 * form engine validates fields with the same ones. Messages are catalogue keys (form-messages.ts).
 */

// One local part of letters, digits and . _ % + - (no quotes, commas, spaces), one ASCII "@",
// a dotted domain with a 2+ letter TLD. Stricter than RFC 5322 on purpose (docs/security.md#input-and-errors).
export const EMAIL_PATTERN =
  /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const NUMBER_PATTERN = /^-?\d+(?:\.\d+)?$/;
// Optional +, then 7–15 digits, allowing single spaces between digit groups.
export const PHONE_PATTERN = /^\+?\d(?: ?\d){6,14}$/;
export const URL_PATTERN =
  /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const SPECIAL_CHARACTER_PATTERN = /[^\p{L}\p{N}]/u;

// A NUL cannot be stored in a PostgreSQL text column, and a lone UTF-16 surrogate has no UTF-8
// form (drivers would quietly swap it for U+FFFD): text holding either is refused, not mangled.
const UNSTORABLE_CHARACTER =
  // eslint-disable-next-line no-control-regex -- finding the NUL is the point
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_CHARACTER.test(value);
}

/** `value` with each character isStorableText refuses put as U+FFFD: a file's own text echoed back. */
export function toStorableText(value: string): string {
  return value.replace(new RegExp(UNSTORABLE_CHARACTER.source, 'g'), '\uFFFD');
}

/**
 * The base of every text a request carries (docs/security.md "Text that can be stored"): a
 * string without a NUL or a lone surrogate. `missing` words the error for an absent value.
 */
export function storableText(missing = encodeMessage('global.form.input.error.required')) {
  return z
    .string({ error: missing })
    .refine(isStorableText, { error: encodeMessage('global.form.input.error.characters') });
}

/** The oldest and newest days a report may name (a range's previous period must stay in AD). */
export const MIN_REPORT_DATE = '2000-01-01';
export const MAX_REPORT_DATE = '2099-12-31';

/**
 * A calendar day (YYYY-MM-DD) within MIN_REPORT_DATE..MAX_REPORT_DATE: every date filter of the
 * API takes this, so a range's previous period, or the day after its end, stays a date both
 * JavaScript and PostgreSQL can write (the day after 9999-12-31 is neither).
 */
export const calendarDay = () =>
  z
    .string()
    .refine(isValidDate, { message: encodeMessage('global.form.date.error.invalid') })
    .refine((value) => value >= MIN_REPORT_DATE && value <= MAX_REPORT_DATE, {
      message: encodeMessage('global.form.date.error.range', {
        min: MIN_REPORT_DATE,
        max: MAX_REPORT_DATE,
      }),
    });

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** YYYY-MM-DD naming a real calendar day (2026-02-30 is refused). */
export function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A MIME type against an `accept` list ("image/png, image/*, application/pdf"). */
export function isAllowedMimeType(type: string, accept: string | readonly string[]): boolean {
  const allowed = (typeof accept === 'string' ? accept.split(',') : accept)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (allowed.length === 0) return true;
  const actual = type.toLowerCase();
  return allowed.some((entry) =>
    entry.endsWith('/*') ? actual.startsWith(entry.slice(0, -1)) : entry === actual,
  );
}

const required = (field?: string) =>
  field
    ? encodeMessage(`global.form.field.${field}`)
    : encodeMessage('global.form.input.error.required');

/** A required trimmed text; `field` picks the documented "Please enter your …" message. */
export function requiredText(options: { field?: string; min?: number; max?: number } = {}) {
  const { field, min, max = 200 } = options;
  let schema = storableText(required(field))
    .trim()
    .min(1, { error: required(field) });
  if (min !== undefined) {
    schema = schema.min(min, {
      error: encodeMessage('global.form.input.error.min_length', { min }),
    });
  }
  return schema.max(max, { error: encodeMessage('global.form.input.error.max_length', { max }) });
}

/** E-mail, lower-cased; docs/product.md#validation-rules shape and the refusals of docs/security.md#input-and-errors. */
export function emailField() {
  return storableText(encodeMessage('global.form.field.email'))
    .trim()
    .min(1, { error: encodeMessage('global.form.field.email') })
    .refine(isValidEmail, { error: encodeMessage('global.form.email.error.invalid') })
    .transform((value) => value.toLowerCase());
}

/** 8–128 characters (never truncated), any Unicode, at least one special character. */
export function passwordField() {
  return storableText(encodeMessage('global.form.field.password'))
    .min(PASSWORD_MIN_LENGTH, {
      error: encodeMessage('global.form.input.error.min_length', { min: PASSWORD_MIN_LENGTH }),
    })
    .max(PASSWORD_MAX_LENGTH, {
      error: encodeMessage('global.form.input.error.max_length', { max: PASSWORD_MAX_LENGTH }),
    })
    .regex(SPECIAL_CHARACTER_PATTERN, {
      error: encodeMessage('global.form.password.error.special'),
    });
}

/** A one-time code: exactly 6 characters (TOTP digits, or a backup code's characters). */
export function otpCodeField() {
  return storableText(encodeMessage('global.form.otp.error.invalid'))
    .trim()
    .length(ONE_TIME_CODE_LENGTH, { error: encodeMessage('global.form.otp.error.invalid') });
}

// A missing value words itself as "{{label}} is required" rather than zod's English default.
const text = () => storableText();

export function phoneField() {
  return text()
    .trim()
    .regex(PHONE_PATTERN, { error: encodeMessage('global.form.phone.error.invalid') });
}

export function urlField() {
  return text()
    .trim()
    .regex(URL_PATTERN, { error: encodeMessage('global.form.url.error.invalid') });
}

export function dateField() {
  return text().refine(isValidDate, { error: encodeMessage('global.form.date.error.invalid') });
}

/** A number typed as text (docs/product.md#validation-rules), with optional bounds. */
export function numberField(options: { min?: number; max?: number } = {}) {
  const { min, max } = options;
  return text()
    .trim()
    .regex(NUMBER_PATTERN, { error: encodeMessage('global.form.number.error.invalid') })
    .transform(Number)
    .superRefine((value, context) => {
      const outside = (min !== undefined && value < min) || (max !== undefined && value > max);
      if (!outside) return;
      const key =
        min !== undefined && max !== undefined
          ? 'global.form.input.error.between'
          : min !== undefined
            ? 'global.form.input.error.min'
            : 'global.form.input.error.max';
      context.addIssue({
        code: 'custom',
        message: encodeMessage(key, {
          ...(min !== undefined && { min }),
          ...(max !== undefined && { max }),
        }),
      });
    });
}
