import { describe, expect, it } from 'vitest';
import { signJwt } from './hs256-jwt';
import { sessionKey, verifySessionToken } from './session-token';

const SECRET = 'session-token-test-secret-0123456789';
const claims = (overrides: Record<string, unknown> = {}) => ({
  acc: 'account-1',
  jti: 'session-1',
  sub: 'user-1',
  iss: 'partner-portal',
  aud: 'partner-portal',
  iat: 1_000,
  exp: 2_000,
  ...overrides,
});
const at = (seconds: number) => new Date(seconds * 1000);

// The guard's verified-token memo must never answer more than a fresh check would.
describe('verifySessionToken', () => {
  it('accepts a token again from memory, but not once it has expired', () => {
    const token = signJwt(claims(), sessionKey(SECRET));
    const expected = { sessionId: 'session-1', userId: 'user-1', accountId: 'account-1' };
    expect(verifySessionToken(SECRET, token, at(1_500))).toEqual(expected);
    expect(verifySessionToken(SECRET, token, at(1_999))).toEqual(expected);
    expect(verifySessionToken(SECRET, token, at(2_000))).toBeNull();
  });

  it('does not answer for another secret from what it remembers', () => {
    const token = signJwt(claims({ jti: 'session-2' }), sessionKey(SECRET));
    expect(verifySessionToken(SECRET, token, at(1_500))).not.toBeNull();
    expect(verifySessionToken(`${SECRET}-rotated`, token, at(1_500))).toBeNull();
  });

  it('never remembers a refused token as good', () => {
    const token = signJwt(claims({ jti: 'session-3', nbf: 1_800 }), sessionKey(SECRET));
    expect(verifySessionToken(SECRET, token, at(1_500))).toBeNull();
    expect(verifySessionToken(SECRET, token, at(1_900))).not.toBeNull();
    expect(verifySessionToken(SECRET, `${token}x`, at(1_900))).toBeNull();
  });
});
