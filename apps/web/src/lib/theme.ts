import { useSyncExternalStore } from 'react';
import { getSession, updateSession } from './session-store';
import { THEME_STORAGE_KEY } from '@partner-portal/shared/first-paint';
import { readStored, writeStored } from './browser-storage';

const listeners = new Set<() => void>();

/** Applies light or dark at once (docs/product.md#states-and-transitions): the `dark` class drives every colour token. */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** The stored user's choice, else this browser's saved choice, else the system preference. */
export function getInitialDarkMode(): boolean {
  const session = getSession();
  if (session) return session.dark_mode;
  const stored = readStored(THEME_STORAGE_KEY);
  if (stored !== null) return stored === 'true';
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function isDarkMode(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDarkMode(dark: boolean): void {
  applyTheme(dark);
  writeStored(THEME_STORAGE_KEY, String(dark));
  if (getSession()) updateSession({ dark_mode: dark });
  listeners.forEach((listener) => listener());
}

export function useDarkMode(): {
  dark: boolean;
  setDark: (dark: boolean) => void;
  toggle: () => void;
} {
  // A prerendered page is drawn light; the stored choice shows right after hydration (the
  // page's colours are already right: the head's script set them before the first paint).
  const dark = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDarkMode,
    () => false,
  );
  return { dark, setDark: setDarkMode, toggle: () => setDarkMode(!dark) };
}
