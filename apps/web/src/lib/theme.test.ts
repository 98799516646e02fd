import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { testSession } from '@/test/test-session';
import { getSession, setSession } from './session-store';
import { applyTheme, getInitialDarkMode, useDarkMode } from './theme';

const html = document.documentElement;

afterEach(() => {
  applyTheme(false);
  vi.restoreAllMocks();
});

function prefersDark(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches, media: query }) as MediaQueryList,
  );
}

describe('theme', () => {
  it('switches the page between dark and light at once', () => {
    applyTheme(true);
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
    applyTheme(false);
    expect(html).not.toHaveClass('dark');
    expect(html.style.colorScheme).toBe('light');
  });

  it('starts from the stored user, else the saved choice, else the system setting', () => {
    prefersDark(true);
    expect(getInitialDarkMode()).toBe(true);
    prefersDark(false);
    expect(getInitialDarkMode()).toBe(false);

    const { result } = renderHook(() => useDarkMode());
    act(() => result.current.setDark(true));
    expect(getInitialDarkMode()).toBe(true);

    setSession(testSession({ dark_mode: false }));
    expect(getInitialDarkMode()).toBe(false);
  });

  it('toggles, re-renders and saves the choice on the signed-in user', () => {
    setSession(testSession({ dark_mode: false }));
    const { result } = renderHook(() => useDarkMode());
    expect(result.current.dark).toBe(false);

    act(() => result.current.toggle());
    expect(result.current.dark).toBe(true);
    expect(html).toHaveClass('dark');
    expect(getSession()?.dark_mode).toBe(true);

    act(() => result.current.toggle());
    expect(result.current.dark).toBe(false);
    expect(html).not.toHaveClass('dark');
    expect(getSession()?.dark_mode).toBe(false);
  });
});
