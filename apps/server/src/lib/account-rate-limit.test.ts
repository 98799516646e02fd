import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../../test/factories';
import {
  bearer,
  enableTwoFactor,
  PASSWORD,
  randomIp,
  signup,
  xsrfHeaders,
} from '../../test/identity-helpers';
import { useTestApp } from '../../test/use-test-app';
import { ACCOUNT_LIMITS } from './account-rate-limit';
import { DEVICE_COOKIE } from './device-cookie';

const env = useTestApp();

// Every call from a new address unless one is given: only the per-account limit can stop these.
const signIn = (email: string, password: string, options: { ip?: string; cookie?: string } = {}) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: {
      ...xsrfHeaders,
      ...(options.cookie ? { cookie: `${xsrfHeaders.cookie}; ${options.cookie}` } : {}),
    },
    remoteAddress: options.ip ?? randomIp(),
    payload: { email, password },
  });

/** The device cookie a completed sign-in set, as a request `cookie` pair. */
function deviceCookie(answer: { cookies: { name: string; value: string }[] }): string {
  const cookie = answer.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

const GUESSES = ACCOUNT_LIMITS.password_guesses.max;

describe('per-account throttling', () => {
  it('stops password guesses at one e-mail spread over many addresses, with Retry-After', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    for (let guess = 0; guess < GUESSES; guess += 1) {
      expect((await signIn(user.email, `Wrong-guess-${guess}!`)).statusCode).toBe(401);
    }
    const locked = await signIn(user.email.toUpperCase(), PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );

    // Someone else is not affected, and the locked person can still get a magic link.
    const { user: other } = await createUser(env.database.db, { password: PASSWORD });
    expect((await signIn(other.email, PASSWORD)).statusCode).toBe(200);
    const magic = await env.app.inject({
      method: 'POST',
      url: '/api/auth/magic',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email: user.email },
    });
    expect(magic.statusCode).toBe(200);
  });

  it('never counts successful sign-ins', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    for (let attempt = 0; attempt < GUESSES + 2; attempt += 1) {
      expect((await signIn(user.email, PASSWORD)).statusCode).toBe(200);
    }
  });

  it('counts a sign-up that names a registered e-mail with the wrong password as a guess', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    for (let guess = 0; guess < GUESSES; guess += 1) {
      const answer = await signup(env.app, {
        email: user.email,
        password: `Wrong-guess-${guess}!`,
      });
      expect(answer.statusCode).toBe(409);
    }
    expect((await signup(env.app, { email: user.email, password: PASSWORD })).statusCode).toBe(429);
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('limits verification mails per user, whatever the address', async () => {
    const created = await signup(env.app, { email: uniqueEmail('verify-limit') });
    const token = created.json().data.token as string;
    const answers = [];
    for (let request = 0; request < ACCOUNT_LIMITS.verification_mail.max + 1; request += 1) {
      answers.push(
        await env.app.inject({
          method: 'POST',
          url: '/api/user/verify/request',
          headers: bearer(token),
          remoteAddress: randomIp(),
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.at(-1)?.headers['retry-after']).toBeDefined();
  });
});

describe('wrong passwords cannot lock a user out (docs/security.md)', () => {
  it('lets a browser that signed in before through while guesses from elsewhere lock the e-mail', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const home = '10.200.0.1';
    const first = await signIn(user.email, PASSWORD, { ip: home });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);
    const set = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    for (let guess = 0; guess < GUESSES; guess += 1) {
      expect((await signIn(user.email, `Wrong-guess-${guess}!`)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(429);
    expect((await signIn(user.email, PASSWORD, { ip: home })).statusCode).toBe(429);
    const known = await signIn(user.email, PASSWORD, { ip: home, cookie });
    expect(known.statusCode, known.body).toBe(200);
  });

  it('still counts guesses per e-mail and address on a known browser, and ignores a forged or borrowed cookie', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const { user: other } = await createUser(env.database.db, { password: PASSWORD });
    const ip = '10.201.0.1';
    const cookie = deviceCookie(await signIn(user.email, PASSWORD, { ip }));
    for (let guess = 0; guess < ACCOUNT_LIMITS.password_guesses_per_source.max; guess += 1) {
      expect((await signIn(user.email, `Wrong-${guess}!`, { ip, cookie })).statusCode).toBe(401);
    }
    expect((await signIn(user.email, PASSWORD, { ip, cookie })).statusCode).toBe(429);
    // Known-device guesses did not use up the e-mail's counter for other browsers.
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(200);

    // Another user's cookie, or a tampered one, counts as an unknown browser.
    for (let guess = 0; guess < GUESSES; guess += 1) {
      expect((await signIn(other.email, `Wrong-${guess}!`)).statusCode).toBe(401);
    }
    expect((await signIn(other.email, PASSWORD, { cookie })).statusCode).toBe(429);
    const forged = `${cookie.slice(0, -4)}AAAA`;
    expect((await signIn(other.email, PASSWORD, { cookie: forged })).statusCode).toBe(429);
  });

  it('marks a browser only once the sign-in is complete, not at the OTP challenge', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    await enableTwoFactor(env.database.db, user.id);
    const challenge = await signIn(user.email, PASSWORD);
    expect(challenge.json().data['2fa_required']).toBe(true);
    expect(challenge.cookies.some((c) => c.name === DEVICE_COOKIE)).toBe(false);
  });
});
