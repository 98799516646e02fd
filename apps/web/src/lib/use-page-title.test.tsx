import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { changeLocale } from './i18n';
import { usePageTitle } from './use-page-title';

afterEach(() => {
  act(() => changeLocale('en'));
});

describe('usePageTitle', () => {
  it('sets the translated title and follows a language change', () => {
    renderHook(() => usePageTitle('titles.help'));
    expect(document.title).toBe('Help · Partner Portal');
    act(() => changeLocale('es'));
    expect(document.title).toBe('Ayuda · Partner Portal');
    expect(document.documentElement.lang).toBe('es');
  });
});
