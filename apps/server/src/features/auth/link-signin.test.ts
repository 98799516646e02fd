import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index';
import { createUser, uniqueEmail } from '../../../test/factories';
import {
  bearer,
  lastMailTo,
  PASSWORD,
  randomIp,
  tokenFromLink,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const post = (
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = xsrfHeaders,
) => env.app.inject({ method: 'POST', url, headers, remoteAddress: randomIp(), payload });

describe('magic link', () => {
  it('mails a /magic link that signs in once', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const sent = await post('/api/auth/magic', { email: user.email });
    expect(sent.statusCode).toBe(200);
    const token = tokenFromLink(
      (await lastMailTo(env.database.db, user.email, 'magic')).text,
      '/magic',
    );
    const first = await post('/api/auth/magic/verify', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id: user.id });
    const reuse = await post('/api/auth/magic/verify', { token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(
      'This sign-in link no longer works. Links work once and for a short time: ask for a new one.',
    );
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const { user } = await createUser(env.database.db);
    const ghost = uniqueEmail('ghost');
    const known = await post('/api/auth/magic', { email: user.email });
    const unknown = await post('/api/auth/magic', { email: ghost });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await env.database.db.select().from(outbox).where(eq(outbox.to, ghost))).toHaveLength(0);
  });

  it('sends at most 3 mails a minute to one user, whatever the address asking', async () => {
    const { user } = await createUser(env.database.db);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/magic', { email: user.email })).statusCode).toBe(200);
    expect(
      await env.database.db.select().from(outbox).where(eq(outbox.to, user.email)),
    ).toHaveLength(3);
  });
});

describe('password reset', () => {
  it('resets with the mailed link, revokes other sessions, mails a notice and signs in', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const oldSession = (await post('/api/auth', { email: user.email, password: PASSWORD })).json()
      .data.token;
    expect((await post('/api/auth/password/reset/request', { email: user.email })).statusCode).toBe(
      200,
    );
    const jwt = tokenFromLink(
      (await lastMailTo(env.database.db, user.email, 'reset')).text,
      '/resetpassword',
    );

    const wrongEmail = await post('/api/auth/password/reset', {
      jwt,
      email: uniqueEmail(),
      password: 'New-password-2!',
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().inputError).toBe('email');

    // The failed try above consumed that link; ask for a new one.
    await post('/api/auth/password/reset/request', { email: user.email });
    const fresh = tokenFromLink(
      (await lastMailTo(env.database.db, user.email, 'reset')).text,
      '/resetpassword',
    );
    const reset = await post('/api/auth/password/reset', {
      jwt: fresh,
      email: user.email.toUpperCase(),
      password: 'New-password-2!',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.token).toBeTruthy();

    expect(
      (await env.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(oldSession) }))
        .statusCode,
    ).toBe(401);
    expect((await lastMailTo(env.database.db, user.email, 'password_changed')).subject).toBe(
      'Your Partner Portal password was changed',
    );
    expect((await post('/api/auth', { email: user.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth', { email: user.email, password: 'New-password-2!' })).statusCode,
    ).toBe(200);
    expect(
      (
        await post('/api/auth/password/reset', {
          jwt: fresh,
          email: user.email,
          password: 'Another-pass-3!',
        })
      ).statusCode,
    ).toBe(400);
  });

  it("names the account's address in the reset link, and the link resets with it", async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    await post('/api/auth/password/reset/request', { email: user.email.toUpperCase() });
    const text = (await lastMailTo(env.database.db, user.email, 'reset')).text;
    const href = /https?:\/\/\S+\/resetpassword\?\S+/.exec(text)?.[0];
    if (!href) throw new Error('no reset link in the mail');
    const link = new URL(href);
    // The stored address, not the spelling it was asked for with.
    expect(link.searchParams.get('email')).toBe(user.email);
    const reset = await post('/api/auth/password/reset', {
      jwt: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'New-password-2!',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('keeps the address out of magic links, which never ask for it', async () => {
    const { user } = await createUser(env.database.db);
    await post('/api/auth/magic', { email: user.email });
    const text = (await lastMailTo(env.database.db, user.email, 'magic')).text;
    expect(text).toMatch(/\/magic\?token=[\w-]+/);
    expect(text).not.toContain('email=');
  });

  it('applies the password rules to the new password', async () => {
    const response = await post('/api/auth/password/reset', {
      jwt: 'x'.repeat(43),
      email: uniqueEmail(),
      password: 'nospecial',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().inputError).toBe('password');
  });

  it('answers the reset request the same for unknown e-mails', async () => {
    const { user } = await createUser(env.database.db);
    const known = await post('/api/auth/password/reset/request', { email: user.email });
    const unknown = await post('/api/auth/password/reset/request', {
      email: uniqueEmail('nobody'),
    });
    expect(unknown.json()).toEqual(known.json());
  });
});
