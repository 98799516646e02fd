import { useSyncExternalStore } from 'react';
import { toLocale, type Locale } from '@partner-portal/shared/constants';
import {
  StoredSessionSchema,
  type CurrentUser,
  type StoredSession,
} from '@partner-portal/shared/user';

// Spec §4: the signed-in user record lives in local storage (and so survives reloads and is
// shared by tabs). Signed-out visitors keep only their language and theme preference.
export const SESSION_STORAGE_KEY = 'partner-portal.session';
export const LOCALE_STORAGE_KEY = 'partner-portal.locale';

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: StoredSession | null } = { raw: null, session: null };

function read(): StoredSession | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw === cached.raw) return cached.session;
  let session: StoredSession | null = null;
  if (raw) {
    try {
      const parsed = StoredSessionSchema.safeParse(JSON.parse(raw));
      session = parsed.success ? parsed.data : null;
    } catch {
      session = null;
    }
    // A record we cannot read (old shape, tampering) is dropped rather than half-trusted.
    if (!session) localStorage.removeItem(SESSION_STORAGE_KEY);
  }
  cached = { raw: session ? raw : null, session };
  return session;
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getSession(): StoredSession | null {
  return read();
}

export function setSession(session: StoredSession): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

/** Merges fresh user fields (e.g. GET /api/auth) into the stored record. */
export function updateSession(patch: Partial<CurrentUser>): void {
  const current = read();
  if (current) setSession({ ...current, ...patch });
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, read);
}

/** Spec §1: the locale comes from the stored user; signed out, from a preference or the browser. */
export function getLocale(): Locale {
  const session = read();
  if (session) return session.locale;
  return toLocale(localStorage.getItem(LOCALE_STORAGE_KEY) ?? navigator.language);
}

export function setPreferredLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  if (read()) updateSession({ locale });
}
