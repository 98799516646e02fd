import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { signJwt, verifyJwt } from './hs256-jwt';

const key = new TextEncoder().encode('a-256-bit-key-for-these-tests-only!!');
const now = new Date('2026-11-24T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const expected = { issuer: 'iss', audience: 'aud', now };
const claims = { iss: 'iss', aud: 'aud', sub: 'u', iat: t, exp: t + 60 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A correctly signed token whatever its claims hold: signers refuse to make some of these. */
const handSigned = (payload: Record<string, unknown>) => {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};

describe('HS256 JWTs on the event loop', () => {
  it('verifies its own tokens and jose’s, and jose verifies its tokens', async () => {
    expect(verifyJwt(signJwt(claims, key), key, expected)).toMatchObject({ sub: 'u' });
    const fromJose = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('iss')
      .setAudience(['other', 'aud'])
      .setExpirationTime(t + 60)
      .sign(key);
    expect(verifyJwt(fromJose, key, expected)).toMatchObject({ sub: 'u' });
  });

  it('refuses another key, a changed payload, alg none, a crit header and a mangled token', () => {
    const token = signJwt(claims, key);
    const [head, , signature] = token.split('.');
    expect(
      verifyJwt(token, new TextEncoder().encode('another key entirely!!'), expected),
    ).toBeNull();
    expect(
      verifyJwt(`${head}.${b64({ ...claims, sub: 'admin' })}.${signature}`, key, expected),
    ).toBeNull();
    expect(verifyJwt(`${b64({ alg: 'none' })}.${b64(claims)}.`, key, expected)).toBeNull();
    const crit = signJwt(claims, key, { crit: 'b64' });
    expect(verifyJwt(crit, key, expected)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c.d', `${token}!`, '..', `${head}.%%%.${signature}`]) {
      expect(verifyJwt(junk, key, expected)).toBeNull();
    }
  });

  it('refuses the wrong issuer or audience, an expired token and one not yet valid', () => {
    const check = (extra: Record<string, unknown>) =>
      verifyJwt(handSigned({ ...claims, ...extra }), key, expected);
    expect(check({})).not.toBeNull();
    expect(check({ iss: 'someone' })).toBeNull();
    expect(check({ aud: ['x', 'y'] })).toBeNull();
    expect(check({ exp: t })).toBeNull();
    expect(check({ exp: 'later' })).toBeNull();
    expect(check({ nbf: t + 5 })).toBeNull();
    expect(check({ nbf: t - 5 })).not.toBeNull();
  });

  it('refuses a token it accepted once when it has since expired (its cache keeps no token alive)', () => {
    const token = signJwt(claims, key);
    expect(verifyJwt(token, key, expected)).not.toBeNull();
    expect(
      verifyJwt(token, key, { ...expected, now: new Date(now.getTime() + 61_000) }),
    ).toBeNull();
    expect(verifyJwt(token, key, { ...expected, audience: 'other' })).toBeNull();
  });
});
