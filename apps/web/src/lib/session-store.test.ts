import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from '@partner-portal/shared/first-paint';
import { testSession } from '@/test/test-session';
import {
  clearSession,
  getLocale,
  getSession,
  sessionStoreReady,
  setSession,
  updateSession,
  useSession,
} from './session-store';

const stored = testSession({
  email: 'ada@example.test',
  dark_mode: true,
  locale: 'es',
  token: 't',
  accounts: [],
});

describe('session store', () => {
  it('keeps the user record in local storage and merges updates', () => {
    setSession(stored);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').email).toBe(
      'ada@example.test',
    );
    updateSession({ verified: false, first_name: 'Grace' });
    expect(getSession()).toMatchObject({ verified: false, first_name: 'Grace', token: 't' });
    clearSession();
    expect(getSession()).toBeNull();
  });

  it('reads a record stored by another tab only once its schema has loaded, then tells subscribers', async () => {
    const { result } = renderHook(() => useSession());
    act(() => {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    // Before the check: the stored user's language is taken, nothing else is trusted.
    expect(getLocale()).toBe('es');
    await act(() => sessionStoreReady());
    expect(result.current?.email).toBe('ada@example.test');
    clearSession();
  });

  it('drops a record it cannot read instead of trusting part of it', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', permission: 'root' }));
    await sessionStoreReady();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(getSession()).toBeNull();
  });

  it('takes the locale from the stored user, else the browser', () => {
    expect(getLocale()).toBe('en');
    setSession(stored);
    expect(getLocale()).toBe('es');
  });

  it('does not wake its subscribers when an update changes nothing', () => {
    setSession(stored);
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useSession();
    });
    const before = renders;
    act(() => updateSession({ email: 'ada@example.test', first_name: stored.first_name }));
    expect(renders).toBe(before);
    act(() => updateSession({ first_name: 'Grace' }));
    expect(renders).toBeGreaterThan(before);
    expect(getSession()?.first_name).toBe('Grace');
  });

  it('re-renders subscribers on change, including changes from another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => setSession(stored));
    expect(result.current?.email).toBe('ada@example.test');
    act(() => {
      localStorage.removeItem(SESSION_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    expect(result.current).toBeNull();
  });
});
