import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  decodeMessage,
  FORM_MESSAGES,
  lookupTemplate,
  translateFormMessage,
} from './form-messages';
import {
  dateField,
  emailField,
  numberField,
  otpCodeField,
  passwordField,
  phoneField,
  requiredText,
  urlField,
} from './validation';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );
}

describe('form messages catalogue', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keysOf(FORM_MESSAGES.es).sort()).toEqual(keysOf(FORM_MESSAGES.en).sort());
  });

  it('has every docs/product.md#validation-rules key', () => {
    for (const key of [
      'global.form.input.error.required',
      'global.form.input.error.min',
      'global.form.input.error.max',
      'global.form.input.error.min_length',
      'global.form.input.error.max_length',
      'global.form.email.error.invalid',
      'global.form.number.error.invalid',
      'global.form.phone.error.invalid',
      'global.form.url.error.invalid',
      'global.form.file.error.excluded',
      'global.form.select.placeholder',
      'global.form.date.placeholder',
      'global.no_results',
    ]) {
      expect(lookupTemplate('en', key), key).not.toBeNull();
      expect(lookupTemplate('es', key), key).not.toBeNull();
    }
  });
});

// Each builder with inputs that break each of its rules: every message must have a template.
const failures: [string, ZodType, unknown[]][] = [
  ...['first_name', 'last_name', 'partner_name', 'email', 'message'].map(
    (field): [string, ZodType, unknown[]] => [field, requiredText({ field }), ['', undefined]],
  ),
  ['requiredText', requiredText({ min: 3, max: 5 }), ['', 'ab', 'abcdef', 42]],
  ['emailField', emailField(), ['', 'nope', undefined]],
  ['passwordField', passwordField(), [undefined, 'short!', 'nospecial1', `${'a'.repeat(129)}!`]],
  ['otpCodeField', otpCodeField(), ['12', undefined]],
  ['phoneField', phoneField(), ['12-34', undefined]],
  ['urlField', urlField(), ['not a url', undefined]],
  ['dateField', dateField(), ['2026-02-30', undefined]],
  ['numberField', numberField({ min: 1, max: 5 }), ['x', '9', undefined]],
  ['numberField min', numberField({ min: 1 }), ['0']],
  ['numberField max', numberField({ max: 5 }), ['9']],
];

describe('messages produced by the shared rules', () => {
  it.each(failures)('%s words every failure in both languages', (_, schema, values) => {
    for (const value of values) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      for (const issue of result.error?.issues ?? []) {
        const { key } = decodeMessage(issue.message);
        expect(lookupTemplate('en', key), `${key} (${String(value)})`).not.toBeNull();
        expect(translateFormMessage('es', issue.message, 'Campo'), key).not.toMatch(/\{\{/);
      }
    }
  });

  it('fills label and bounds, leaving no placeholder behind', () => {
    const message = numberField({ min: 1, max: 5 }).safeParse('9').error?.issues[0]?.message;
    expect(translateFormMessage('en', message ?? '')).toBe('Please enter a value between 1 and 5');
    expect(translateFormMessage('es', message ?? '')).toBe('Introduce un valor entre 1 y 5');
    expect(translateFormMessage('en', 'global.form.input.error.required', 'Email')).toBe(
      'Email is required',
    );
  });
});

// docs/glossary-es.md#gender-agreement: a Spanish label is a noun of either gender ("Contraseña",
// "Nombre"), so no Spanish message makes a word agree with it: "El campo" leads, and "campo" is
// the noun the rest agrees with.
describe('Spanish messages that name a field', () => {
  const withLabel = keysOf(FORM_MESSAGES.es).filter((key) =>
    lookupTemplate('es', key)?.includes('{{label}}'),
  );

  it('all start with "El campo {{label}}"', () => {
    expect(withLabel.length).toBeGreaterThan(3);
    for (const key of withLabel) {
      expect(lookupTemplate('es', key), key).toMatch(/^El campo \{\{label\}\} /);
    }
  });

  it.each([
    ['Contraseña', 'El campo Contraseña es obligatorio'],
    ['Nombre', 'El campo Nombre es obligatorio'],
    [
      'Direcciones de correo electrónico',
      'El campo Direcciones de correo electrónico es obligatorio',
    ],
  ])('words a required %s whatever its gender and number', (label, spanish) => {
    expect(translateFormMessage('es', 'global.form.input.error.required', label)).toBe(spanish);
  });

  it('agrees with "campo" in the length rules', () => {
    expect(
      translateFormMessage('es', 'global.form.input.error.max_length|{"max":10}', 'Contraseña'),
    ).toBe('El campo Contraseña debe tener como máximo 10 caracteres');
  });
});
