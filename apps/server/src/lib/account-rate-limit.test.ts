import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../../test/factories';
import { bearer, PASSWORD, randomIp, signup, xsrfHeaders } from '../../test/identity-helpers';
import { useTestApp } from '../../test/use-test-app';
import { ACCOUNT_LIMITS } from './account-rate-limit';

const env = useTestApp();

// Every call from a new address: only the per-account limit can stop these.
const signIn = (email: string, password: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { email, password },
  });

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
