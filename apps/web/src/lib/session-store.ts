import { useSyncExternalStore } from 'react';
import { toLocale, type Locale } from '@partner-portal/shared/constants';
import type { CurrentUser, StoredSession } from '@partner-portal/shared/user';
import { readStored, removeStored, writeStored } from './browser-storage';
import { SESSION_STORAGE_KEY } from '@partner-portal/shared/first-paint';

// docs/product.md#states-and-transitions: the signed-in user record lives in local storage (and so survives reloads and is
// shared by tabs). Signed-out visitors keep only their language and theme preference.
export const LOCALE_STORAGE_KEY = 'partner-portal.locale';

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: StoredSession | null } = { raw: null, session: null };

// A stored record is checked against the shared schema before it is trusted. The schema (and zod
// with it) is loaded only when there is a record to check, so a signed-out first visit to
// /signin does not download it (docs/architecture.md "What a first visit downloads").
let validate: ((value: unknown) => StoredSession | null) | null = null;
let loading: Promise<void> | null = null;

function loadSessionSchema(): Promise<void> {
  loading ??= import('@partner-portal/shared/user').then(
    ({ SessionResponseSchema }) => {
      validate = (value) => {
        const parsed = SessionResponseSchema.safeParse(value);
        return parsed.success ? parsed.data : null;
      };
      // A record that arrived meanwhile (another tab signed in) can be read now.
      notify();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Resolves once the stored record can be read: at once when there is none (or the schema is in),
 * otherwise when its schema has loaded. The route guard waits for it before its first decision.
 */
export function sessionStoreReady(): Promise<void> {
  if (validate || readStored(SESSION_STORAGE_KEY) === null) return Promise.resolve();
  return loadSessionSchema();
}

function read(): StoredSession | null {
  const raw = readStored(SESSION_STORAGE_KEY);
  if (raw === cached.raw) return cached.session;
  if (raw && !validate) {
    // Not checked yet: signed out until it is (then subscribers hear of it).
    void loadSessionSchema().catch(() => undefined);
    return null;
  }
  let session: StoredSession | null = null;
  if (raw && validate) {
    try {
      session = validate(JSON.parse(raw));
    } catch {
      session = null;
    }
    // A record we cannot read (old shape, tampering) is dropped rather than half-trusted.
    if (!session) removeStored(SESSION_STORAGE_KEY);
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
  const raw = JSON.stringify(session);
  // The record as it already is (the refresh each signed-in screen makes when it opens, finding
  // nothing new): nothing to write, and no reason to re-render every screen that reads it.
  if (raw === cached.raw && readStored(SESSION_STORAGE_KEY) === raw) return;
  writeStored(SESSION_STORAGE_KEY, raw);
  // Our own record, from the server's answer: read back as written, without the schema.
  cached = { raw, session };
  notify();
}

/** Merges fresh user fields (e.g. GET /api/auth) into the stored record. */
export function updateSession(patch: Partial<CurrentUser>): void {
  const current = read();
  if (current) setSession({ ...current, ...patch });
}

export function clearSession(): void {
  removeStored(SESSION_STORAGE_KEY);
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

const noSession = () => null;

export function useSession(): StoredSession | null {
  // Prerendered pages are drawn signed out: the stored user is read once the page is hydrated.
  return useSyncExternalStore(subscribe, read, noSession);
}

/**
 * docs/product.md#what-the-product-does: the locale comes from the stored user; signed out, from a
 * preference, else the language the server picked for a prerendered page (from the browser's
 * Accept-Language, so the page is hydrated in the language it was drawn in), else the browser's.
 */
export function getLocale(): Locale {
  const session = read();
  if (session) return session.locale;
  return toLocale(
    uncheckedLocale() ??
      readStored(LOCALE_STORAGE_KEY) ??
      document.getElementById('root')?.dataset.prerenderedLocale ??
      navigator.language,
  );
}

/**
 * The stored user's language before the record's schema has loaded (the first render waits for
 * its strings): only a language tag, which toLocale narrows to one we have, is taken from it.
 */
function uncheckedLocale(): string | null {
  const raw = validate ? null : readStored(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const locale: unknown = (JSON.parse(raw) as { locale?: unknown }).locale;
    return typeof locale === 'string' ? locale : null;
  } catch {
    return null;
  }
}

export function setPreferredLocale(locale: Locale): void {
  writeStored(LOCALE_STORAGE_KEY, locale);
  if (read()) updateSession({ locale });
}
