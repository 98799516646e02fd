import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index';
import { createUser, uniqueEmail } from '../../../test/factories';
import {
  bearer,
  enableTwoFactor,
  lastMailTo,
  PASSWORD,
  randomIp,
  signedInUser,
  tokenFromLink,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createTotp } from './totp';

/**
 * docs/security.md "An e-mail change cannot take an account over": the current password (or a
 * fresh code) proves the change, the old address signs in until the new one is confirmed, and
 * the old address is told, with a link that undoes everything.
 */
const env = useTestApp();
const db = () => env.database.db;

const post = (url: string, payload: Record<string, unknown>, headers = xsrfHeaders) =>
  env.app.inject({ method: 'POST', url, headers, remoteAddress: randomIp(), payload });
const patchUser = (token: string, payload: Record<string, unknown>) =>
  env.app.inject({
    method: 'PATCH',
    url: '/api/user',
    headers: bearer(token),
    remoteAddress: randomIp(),
    payload,
  });
const signIn = (email: string, password = PASSWORD) => post('/api/auth', { email, password });

async function stored(userId: string) {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('no user');
  return user;
}

const linkTo = async (to: string, template: string, path: string) =>
  tokenFromLink((await lastMailTo(db(), to, template)).text, path);

describe('changing the e-mail address', () => {
  it('needs the current password, keeps the old address until the new one is confirmed, and tells the old one', async () => {
    const { user, token } = await signedInUser(env.app, db());
    const next = uniqueEmail('moved');

    const missing = await patchUser(token, { email: next });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ inputError: 'password' });
    const wrong = await patchUser(token, { email: next, password: 'Not-the-password-1!' });
    expect(wrong.json()).toMatchObject({ inputError: 'password' });
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: null });

    const asked = await patchUser(token, { email: ` ${next.toUpperCase()} `, password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({
      email: user.email,
      pending_email: next,
      verified: true,
    });
    expect(asked.json().message).toContain(next);
    // Until the new mailbox confirms, the old address signs in and the new one does not.
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect((await signIn(next)).statusCode).toBe(401);
    const notice = await lastMailTo(db(), user.email, 'email_change_requested');
    expect(notice.text).toContain(next);
    expect(notice.text).toContain('/email/revert?token=');

    const confirmed = await post('/api/user/verify', {
      token: await linkTo(next, 'verify', '/signup/verify'),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await stored(user.id)).toMatchObject({
      email: next,
      pendingEmail: null,
      verified: true,
    });
    expect((await signIn(next)).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(401);
  });

  it('refuses an address another user has, and writes nothing of the request', async () => {
    const { user, token } = await signedInUser(env.app, db());
    const { user: other } = await createUser(db());
    const answer = await patchUser(token, {
      first_name: 'Changed',
      email: other.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().inputError).toBe('email');
    expect(await stored(user.id)).toMatchObject({ firstName: user.firstName, pendingEmail: null });
  });

  it('treats its own address as no change, which withdraws a pending change and its link', async () => {
    const { user, token } = await signedInUser(env.app, db());
    expect((await patchUser(token, { email: user.email.toUpperCase() })).json().data).toMatchObject(
      { email: user.email, pending_email: null },
    );
    const next = uniqueEmail('moved');
    await patchUser(token, { email: next, password: PASSWORD });
    const link = await linkTo(next, 'verify', '/signup/verify');
    const withdrawn = await patchUser(token, { email: user.email });
    expect(withdrawn.json().data.pending_email).toBeNull();
    expect((await post('/api/user/verify', { token: link })).statusCode).toBe(400);
    expect((await stored(user.id)).email).toBe(user.email);
  });

  it('refuses a password or code sent without an e-mail', async () => {
    const { token } = await signedInUser(env.app, db());
    const answer = await patchUser(token, { first_name: 'Ada', password: PASSWORD });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().inputError).toBe('password');
  });

  it('asks a user without a password for a code mailed to the current address', async () => {
    const passwordless = await signedInUser(env.app, db());
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, passwordless.user.id));
    const next = uniqueEmail('moved');

    const first = await patchUser(passwordless.token, { email: next });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ inputError: 'code' });
    expect(first.json().message).toContain(passwordless.user.email);
    const mail = await lastMailTo(db(), passwordless.user.email, 'email_code');
    const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (await patchUser(passwordless.token, { email: next, code: wrongCode })).json(),
    ).toMatchObject({
      inputError: 'code',
    });
    // The code is bound to the address it was asked for.
    expect(
      (await patchUser(passwordless.token, { email: uniqueEmail('else'), code })).statusCode,
    ).toBe(400);
    const done = await patchUser(passwordless.token, { email: next, code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.pending_email).toBe(next);
  });

  it('asks a user without a password but with 2FA for an authenticator code', async () => {
    const { user, token } = await signedInUser(env.app, db());
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const secret = await enableTwoFactor(db(), user.id);
    const next = uniqueEmail('moved');
    expect((await patchUser(token, { email: next })).json().inputError).toBe('code');
    const code = createTotp(secret, 'x').generate();
    const done = await patchUser(token, { email: next, code });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('"this was not me"', () => {
  it('undoes a completed takeover: old address back, sessions ended, new password and 2FA removed', async () => {
    const { user, token } = await signedInUser(env.app, db());
    const intruder = uniqueEmail('intruder');
    await patchUser(token, { email: intruder, password: PASSWORD });
    const revert = await linkTo(user.email, 'email_change_requested', '/email/revert');
    // The intruder confirms the new address, resets the password through it, turns on 2FA.
    await post('/api/user/verify', { token: await linkTo(intruder, 'verify', '/signup/verify') });
    await post('/api/auth/password/reset/request', { email: intruder });
    const reset = await post('/api/auth/password/reset', {
      jwt: await linkTo(intruder, 'reset', '/resetpassword'),
      email: intruder,
      password: 'Intruder-pass-9!',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await enableTwoFactor(db(), user.id);
    // A second change by the intruder does not void the owner's link.
    await patchUser(reset.json().data.token, {
      email: uniqueEmail('further'),
      password: 'Intruder-pass-9!',
    });

    const undone = await post('/api/user/email/revert', { token: revert });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toEqual({ email: user.email });
    expect(await stored(user.id)).toMatchObject({
      email: user.email,
      pendingEmail: null,
      verified: true,
      passwordHash: null,
      totpEnabled: false,
    });
    const live = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    expect((await signIn(intruder, 'Intruder-pass-9!')).statusCode).toBe(401);
    expect((await signIn(user.email, 'Intruder-pass-9!')).statusCode).toBe(401);
    expect((await lastMailTo(db(), user.email, 'email_restored')).text).toContain(
      '/forgotpassword',
    );
    expect((await post('/api/user/email/revert', { token: revert })).statusCode).toBe(400);
  });

  it('keeps a password the user did not change since', async () => {
    const { user, token } = await signedInUser(env.app, db());
    await patchUser(token, { email: uniqueEmail('moved'), password: PASSWORD });
    const revert = await linkTo(user.email, 'email_change_requested', '/email/revert');
    expect((await post('/api/user/email/revert', { token: revert })).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(200);
  });
});

describe('two users asking for the same new address', () => {
  it('gives it to whoever confirms first; the other link answers 409 and changes nothing', async () => {
    const first = await signedInUser(env.app, db());
    const second = await signedInUser(env.app, db());
    const wanted = uniqueEmail('wanted');
    expect((await patchUser(first.token, { email: wanted, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const firstLink = await linkTo(wanted, 'verify', '/signup/verify');
    expect((await patchUser(second.token, { email: wanted, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const secondLink = await linkTo(wanted, 'verify', '/signup/verify');

    expect((await post('/api/user/verify', { token: secondLink })).statusCode).toBe(200);
    const late = await post('/api/user/verify', { token: firstLink });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ inputError: 'token' });
    expect(await stored(first.user.id)).toMatchObject({
      email: first.user.email,
      pendingEmail: wanted,
    });
    expect((await stored(second.user.id)).email).toBe(wanted);
  });
});
