import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  clearSession,
  getLocale,
  getSession,
  SESSION_STORAGE_KEY,
  setSession,
  updateSession,
  useSession,
} from './session-store';

const stored = {
  id: 'u1',
  token: 't',
  first_name: 'Ada',
  last_name: 'L',
  name: 'Ada L',
  email: 'ada@example.test',
  avatar: null,
  dark_mode: true,
  locale: 'es',
  has_password: true,
  duplicate_user: false,
  support_enabled: false,
  '2fa_enabled': false,
  default_account: null,
  accounts: [],
  account_id: 'a1',
  account_name: 'Acme',
  permission: 'owner',
  verified: true,
  plan: 'free_core',
  subscription: 'active',
  enable_plus: false,
  advertiser_name: null,
} as const;

describe('session store', () => {
  it('keeps the user record in local storage and merges updates', () => {
    setSession({ ...stored, accounts: [] });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').email).toBe(
      'ada@example.test',
    );
    updateSession({ verified: false, first_name: 'Grace' });
    expect(getSession()).toMatchObject({ verified: false, first_name: 'Grace', token: 't' });
    clearSession();
    expect(getSession()).toBeNull();
  });

  it('drops a record it cannot read instead of trusting part of it', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', permission: 'root' }));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(getSession()).toBeNull();
  });

  it('takes the locale from the stored user, else the browser', () => {
    expect(getLocale()).toBe('en');
    setSession({ ...stored, accounts: [] });
    expect(getLocale()).toBe('es');
  });

  it('re-renders subscribers on change, including changes from another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => setSession({ ...stored, accounts: [] }));
    expect(result.current?.email).toBe('ada@example.test');
    act(() => {
      localStorage.removeItem(SESSION_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    expect(result.current).toBeNull();
  });
});
