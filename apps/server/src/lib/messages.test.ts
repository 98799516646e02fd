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
