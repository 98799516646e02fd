import { describe, expect, it } from 'vitest';
import { decodeMessage, translateFormMessage } from './form-messages';
import {
  dateField,
  emailField,
  isAllowedMimeType,
  isStorableText,
  isValidDate,
  isValidEmail,
  NUMBER_PATTERN,
  numberField,
  otpCodeField,
  passwordField,
  PHONE_PATTERN,
  requiredText,
  URL_PATTERN,
} from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : decodeMessage(result.error?.issues[0]?.message ?? '');

describe('e-mail rule', () => {
  it.each(['ada@example.com', 'first.last+tag@sub.example.co.uk', 'a_b-c%d@x-y.io'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each([
    '"quoted"@example.com',
    'two@@example.com',
    'a@b@example.com',
    'full＠width.com',
    'comma,list@example.com',
    'space in@example.com',
    'no-tld@example',
    '@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('lower-cases and trims', () => {
    expect(emailField().parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('password rule', () => {
  it('needs 8–128 characters and one special character', () => {
    expect(firstMessage(passwordField().safeParse('short!'))).toEqual({
      key: 'global.form.input.error.min_length',
      params: { min: 8 },
    });
    expect(firstMessage(passwordField().safeParse('longenough1'))).toEqual({
      key: 'global.form.password.error.special',
      params: {},
    });
    expect(passwordField().safeParse('long enough 1').success).toBe(true);
    expect(passwordField().safeParse('contraseña-ñ').success).toBe(true);
    expect(firstMessage(passwordField().safeParse(`${'a'.repeat(128)}!`))?.key).toBe(
      'global.form.input.error.max_length',
    );
  });

  it('asks for a missing password as the sign-up form asks for a missing name', () => {
    expect(firstMessage(passwordField().safeParse(undefined))?.key).toBe(
      'global.form.field.password',
    );
  });
  it('never truncates: a 100-character password is kept whole', () => {
    const long = `${'x'.repeat(99)}!`;
    expect(passwordField().parse(long)).toHaveLength(100);
  });
});

describe('type patterns (docs/product.md#validation-rules)', () => {
  it('number: optional minus, digits, optional decimals', () => {
    for (const ok of ['0', '-12', '3.14', '-0.5']) expect(NUMBER_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['1.', '.5', '1e3', '--1', 'one'])
      expect(NUMBER_PATTERN.test(bad), bad).toBe(false);
  });
  it('phone: optional plus, 7 to 15 digits, single spaces', () => {
    for (const ok of ['+34 612 345 678', '5551234', '+442071838750'])
      expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['123456', '+1  555 1234', '1234567890123456', '555-1234'])
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
  });
  it('url: optional scheme, host, optional path and query', () => {
    for (const ok of ['example.com', 'https://example.com/a/b?c=d', 'http://localhost:8080/x'])
      expect(URL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['not a url', 'http://', 'https://exa mple.com'])
      expect(URL_PATTERN.test(bad), bad).toBe(false);
  });
  it('date: YYYY-MM-DD naming a real day', () => {
    expect(isValidDate('2026-11-23')).toBe(true);
    expect(isValidDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '23/11/2026', '2026-1-1'])
      expect(isValidDate(bad), bad).toBe(false);
    expect(dateField().safeParse('2026-02-30').success).toBe(false);
  });
  it('one-time code: exactly six characters', () => {
    expect(otpCodeField().safeParse('123456').success).toBe(true);
    expect(otpCodeField().safeParse('12345').success).toBe(false);
    expect(otpCodeField().safeParse('1234567').success).toBe(false);
  });
  it('numbers with bounds name the bounds', () => {
    expect(firstMessage(numberField({ min: 1, max: 5 }).safeParse('9'))).toEqual({
      key: 'global.form.input.error.between',
      params: { min: 1, max: 5 },
    });
    expect(firstMessage(numberField({ min: 1 }).safeParse('0'))).toEqual({
      key: 'global.form.input.error.min',
      params: { min: 1 },
    });
  });
  it('file MIME allow-list, with wildcards', () => {
    expect(isAllowedMimeType('image/png', 'image/png, image/jpeg')).toBe(true);
    expect(isAllowedMimeType('image/webp', 'image/*')).toBe(true);
    expect(isAllowedMimeType('application/pdf', ['image/*'])).toBe(false);
    expect(isAllowedMimeType('application/pdf', '')).toBe(true);
  });
});

describe('messages', () => {
  it('required text uses the field-specific message', () => {
    const result = requiredText({ field: 'first_name' }).safeParse('   ');
    expect(
      translateFormMessage('en', result.success ? '' : (result.error.issues[0]?.message ?? '')),
    ).toBe('Please enter your first name');
  });
  it('translates encoded messages with their parameters in both languages', () => {
    const message = 'global.form.input.error.min_length|{"min":8}';
    expect(translateFormMessage('en', message, 'Password')).toBe(
      'Password must be a minimum of 8 characters',
    );
    expect(translateFormMessage('es', message, 'Contraseña')).toBe(
      'El campo Contraseña debe tener al menos 8 caracteres',
    );
    expect(translateFormMessage('en', 'Invalid input: expected string')).toBeNull();
  });
});

describe('storable text (docs/security.md "Text that can be stored")', () => {
  it('refuses a NUL and a lone surrogate, keeps surrogate pairs', () => {
    expect(isStorableText('plain')).toBe(true);
    expect(isStorableText('emoji 🚀 and 𝄞')).toBe(true);
    expect(isStorableText('nul\u0000')).toBe(false);
    expect(isStorableText('\uD800 high alone')).toBe(false);
    expect(isStorableText('low alone \uDC00')).toBe(false);
    expect(isStorableText('reversed \uDC00\uD800')).toBe(false);
  });

  it('words the refusal with the field label', () => {
    const result = requiredText({ field: 'first_name' }).safeParse('A\u0000');
    expect(result.success).toBe(false);
    const message = result.error?.issues[0]?.message ?? '';
    expect(translateFormMessage('es', message, 'Nombre')).toMatch(/no se puede guardar/);
  });
});
