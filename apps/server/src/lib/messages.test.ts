import { describe, expect, it } from 'vitest';
import { MESSAGES, translate } from './messages';
import { localeFromAcceptLanguage } from './request-locale';

describe('server message catalogue', () => {
  it('has the same keys in English and Spanish, none empty', () => {
    expect(Object.keys(MESSAGES.es).sort()).toEqual(Object.keys(MESSAGES.en).sort());
    for (const catalogue of Object.values(MESSAGES)) {
      for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
    }
  });

  it('picks the plural form by the language’s rule, and has both forms in both languages', () => {
    const done = (locale: 'en' | 'es', count: number) =>
      translate(locale, 'message.import_done', { count, file: 'a.csv' });
    expect(done('en', 1)).toBe('1 row imported from a.csv.');
    expect(done('en', 2)).toBe('2 rows imported from a.csv.');
    expect(done('en', 0)).toBe('0 rows imported from a.csv.');
    expect(done('es', 1)).toBe('1 fila importada de a.csv.');
    expect(done('es', 3)).toBe('3 filas importadas de a.csv.');
    for (const key of Object.keys(MESSAGES.en) as (keyof typeof MESSAGES.en)[]) {
      expect(MESSAGES.es[key].split('|').length, key).toBe(MESSAGES.en[key].split('|').length);
    }
  });

  it('fills parameters', () => {
    expect(translate('en', 'error.rate_limited', { seconds: 42 })).toBe(
      'Too many requests. Please try again in 42 seconds.',
    );
  });
});

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['fr-FR, es;q=0.5, en;q=0.4', 'es'],
    ['en;q=0.2, es;q=0.9', 'es'],
    ['de, fr', 'en'],
    ['es;q=0', 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
