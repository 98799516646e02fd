import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, removeStored, writeStored } from './browser-storage';
import { getLocale, getSession } from './session-store';

/** As Chromium answers a third-party frame whose site data is blocked. */
function refuseStorage(): void {
  vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  });
}

describe('browser storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads, writes and removes like local storage where it is allowed', () => {
    writeStored('partner-portal.test', 'kept');
    expect(readStored('partner-portal.test')).toBe('kept');
    removeStored('partner-portal.test');
    expect(readStored('partner-portal.test')).toBeNull();
  });

  it('reads nothing and drops writes where the browser refuses it, without throwing', () => {
    refuseStorage();
    expect(() => writeStored('partner-portal.test', 'kept')).not.toThrow();
    expect(readStored('partner-portal.test')).toBeNull();
    expect(() => removeStored('partner-portal.test')).not.toThrow();
  });

  it('leaves the app signed out, in the browser language, when storage is refused', () => {
    refuseStorage();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-MX');
    expect(getSession()).toBeNull();
    expect(getLocale()).toBe('es');
  });
});
