import { describe, expect, it } from 'vitest';
import { translationFileOf } from './parts';

describe('translation parts', () => {
  it('puts the signed-out screens’ files in core and every other file in rest, per language', () => {
    expect(translationFileOf('/repo/apps/web/src/locales/es/auth.json')).toEqual({
      locale: 'es',
      part: 'core',
    });
    expect(translationFileOf('../locales/en/titles.json')).toEqual({ locale: 'en', part: 'core' });
    expect(translationFileOf('../locales/en/billing.json')).toEqual({ locale: 'en', part: 'rest' });
    expect(translationFileOf('/repo/apps/web/src/lib/i18n.ts')).toBeUndefined();
  });
});
