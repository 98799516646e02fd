import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, lookupTemplate } from './form-messages';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );
}

describe('form messages catalogue', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keysOf(FORM_MESSAGES.es).sort()).toEqual(keysOf(FORM_MESSAGES.en).sort());
  });

  it('has every spec §5 key', () => {
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
