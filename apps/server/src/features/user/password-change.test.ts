import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox, users } from '../../db/schema/index';
import { ACCOUNT_LIMITS } from '../../lib/account-rate-limit';
import {
  bearer,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();
const NEW_PASSWORD = 'Brand-new-pass-9!';

const signIn = (email: string, password: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { email, password },
  });

const change = (token: string, payload: Record<string, unknown>) =>
  env.app.inject({
    method: 'PUT',
    url: '/api/user/password',
    headers: bearer(token),
    remoteAddress: randomIp(),
    payload,
  });

const user = () => signedInUser(env.app, env.database.db);

describe('PUT /api/user/password', () => {
  it('changes the password, keeps this session, ends the others and mails a notice', async () => {
    const me = await user();
    const otherBrowser = (await signIn(me.user.email, PASSWORD)).json().data.token as string;
    const answer = await change(me.token, {
      oldpassword: PASSWORD,
      has_password: true,
      newpassword: NEW_PASSWORD,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: null, message: 'Password Saved' });

    const status = (token: string) =>
      env.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect((await status(me.token)).statusCode).toBe(200);
    expect((await status(otherBrowser)).statusCode).toBe(401);
    expect((await signIn(me.user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(me.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const mails = await env.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, me.user.email), eq(outbox.template, 'password_changed')));
    expect(mails).toHaveLength(1);
  });

  it('refuses a wrong or missing current password on that field, changing nothing', async () => {
    const me = await user();
    for (const oldpassword of ['Not-my-password-1!', undefined, '']) {
      const answer = await change(me.token, { oldpassword, newpassword: NEW_PASSWORD });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: 'The current password is not correct.',
        inputError: 'oldpassword',
      });
    }
    expect((await signIn(me.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rules', async () => {
    const me = await user();
    const noSpecial = await change(me.token, { oldpassword: PASSWORD, newpassword: 'abcdefgh12' });
    expect(noSpecial.statusCode).toBe(400);
    expect(noSpecial.json()).toEqual({
      message: 'Password must contain at least one special character',
      inputError: 'newpassword',
    });
    const common = await change(me.token, { oldpassword: PASSWORD, newpassword: 'password1!' });
    expect(common.statusCode).toBe(400);
    expect(common.json().inputError).toBe('newpassword');
    const long = await change(me.token, {
      oldpassword: PASSWORD,
      newpassword: `A!${'x'.repeat(200)}`,
    });
    expect(long.json().inputError).toBe('newpassword');
  });

  it('lets a user without a password create one, with no current password asked', async () => {
    const me = await user();
    // As a user who joined through a provider has no password.
    await env.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, me.user.id));
    const current = () =>
      env.app.inject({ method: 'GET', url: '/api/user', headers: bearer(me.token) });
    expect((await current()).json().data.has_password).toBe(false);
    const answer = await change(me.token, { has_password: false, newpassword: NEW_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect((await current()).json().data.has_password).toBe(true);
    expect((await signIn(me.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('stops guessing at the current password after the per-account allowance', async () => {
    const me = await user();
    for (let guess = 0; guess < ACCOUNT_LIMITS.password_guesses.max; guess += 1) {
      expect(
        (await change(me.token, { oldpassword: `Guess-${guess}!`, newpassword: NEW_PASSWORD }))
          .statusCode,
      ).toBe(400);
    }
    const locked = await change(me.token, { oldpassword: PASSWORD, newpassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('needs a session', async () => {
    const answer = await env.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: xsrfHeaders,
      payload: { newpassword: NEW_PASSWORD },
    });
    expect(answer.statusCode).toBe(401);
  });
});
