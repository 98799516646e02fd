import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { createUser, uniqueEmail } from '../../../test/factories';
import { lastMailTo, randomIp, tokenFromLink, xsrfHeaders } from '../../../test/identity-helpers';
import { createTestContext } from '../../../test/test-context';
import { useTestApp } from '../../../test/use-test-app';
import { changeEmail } from './email-change.service';
import { sendVerificationMail } from './verification.service';

const env = useTestApp();

const verify = (token: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/user/verify',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { token },
  });

async function stored(userId: string) {
  const [user] = await env.database.db.select().from(users).where(eq(users.id, userId));
  return user;
}

describe('changing the e-mail address', () => {
  it('unverifies the user and mails a link that verifies the new address', async () => {
    const ctx = createTestContext(env.database);
    const { user } = await createUser(env.database.db, { verified: true });
    const next = uniqueEmail('moved');
    expect(await changeEmail(ctx, user.id, ` ${next.toUpperCase()} `)).toEqual({ changed: true });
    expect(await stored(user.id)).toMatchObject({ email: next, verified: false });

    const token = tokenFromLink(
      (await lastMailTo(env.database.db, next, 'verify')).text,
      '/signup/verify',
    );
    expect((await verify(token)).statusCode).toBe(200);
    expect((await stored(user.id))?.verified).toBe(true);
  });

  it('makes a link mailed to the old address useless', async () => {
    const ctx = createTestContext(env.database);
    const { user } = await createUser(env.database.db, { verified: false });
    await sendVerificationMail(ctx, user.id);
    const oldLink = tokenFromLink(
      (await lastMailTo(env.database.db, user.email, 'verify')).text,
      '/signup/verify',
    );
    await changeEmail(ctx, user.id, uniqueEmail('moved'));
    const answer = await verify(oldLink);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Verification Link Has Expired');
    expect((await stored(user.id))?.verified).toBe(false);
  });

  it('refuses an address another user has, naming the email field', async () => {
    const ctx = createTestContext(env.database);
    const { user } = await createUser(env.database.db);
    const { user: other } = await createUser(env.database.db);
    await expect(changeEmail(ctx, user.id, other.email.toUpperCase())).rejects.toMatchObject({
      status: 409,
      messageKey: 'error.email_in_use',
      options: { inputError: 'email' },
    });
    expect(await stored(user.id)).toMatchObject({ email: user.email, verified: true });
  });

  it('treats the same address in other letter case as no change', async () => {
    const ctx = createTestContext(env.database);
    const { user } = await createUser(env.database.db, { verified: true });
    expect(await changeEmail(ctx, user.id, user.email.toUpperCase())).toEqual({ changed: false });
    expect((await stored(user.id))?.verified).toBe(true);
  });
});
