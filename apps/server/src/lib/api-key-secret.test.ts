import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '@partner-portal/shared/api-key-rules';
import { apiKeyStub, hashApiKey, isWellFormedApiKey, newApiKey } from './api-key-secret';

describe('API key secrets', () => {
  it('makes keys of the documented shape whose checksum holds', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 200; index += 1) {
      const { key, hash, stub } = newApiKey(index % 2 ? 'live' : 'test');
      expect(key).toMatch(API_KEY_PATTERN);
      expect(key.startsWith(index % 2 ? 'pp_live_' : 'pp_test_')).toBe(true);
      expect(isWellFormedApiKey(key)).toBe(true);
      expect(hash).toBe(hashApiKey(key));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stub).toBe(`${key.slice(0, 12)}…${key.slice(-4)}`);
      seen.add(key);
    }
    expect(seen.size).toBe(200);
  });

  it('refuses a key with one character changed, or the wrong shape', () => {
    const { key } = newApiKey('live');
    let refused = 0;
    for (let position = 8; position < key.length; position += 1) {
      const swapped = key[position] === 'a' ? 'b' : 'a';
      const typo = key.slice(0, position) + swapped + key.slice(position + 1);
      if (!isWellFormedApiKey(typo)) refused += 1;
    }
    // CRC-32 catches every single-character change.
    expect(refused).toBe(key.length - 8);
    expect(isWellFormedApiKey(key.replace('pp_live_', 'pp_prod_'))).toBe(false);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
    expect(isWellFormedApiKey('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
  });

  it('shows a stub that does not give the secret away', () => {
    const stub = apiKeyStub('pp_live_Ab12cdefghijklmnopqrstuvwxyz123456wxyz00');
    expect(stub).toBe('pp_live_Ab12…yz00');
  });
});
