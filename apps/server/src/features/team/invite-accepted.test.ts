import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, outbox, users } from '../../db/schema/index';
import { createAccount, uniqueEmail } from '../../../test/factories';
import { joinWithInvite, bearer, randomIp, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const acceptedMails = (to: string) =>
  env.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, 'invite_accepted')));

/** An admin invites an address through the API, and the invitee signs up from the link. */
async function inviteAndJoin(adminToken: string) {
  const email = uniqueEmail('joiner');
  const sent = await env.app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: bearer(adminToken),
    remoteAddress: randomIp(),
    payload: { email },
  });
  expect(sent.statusCode).toBe(201);
  const [mail] = await env.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'invite')));
  const link = /\/signup\/user\?email=([^&\s]+)&id=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  expect(link).not.toBeNull();
  const joined = await joinWithInvite(
    env.app,
    decodeURIComponent(link?.[1] ?? ''),
    link?.[2] ?? '',
    { first_name: 'Jo', last_name: 'Iner' },
  );
  expect(joined.statusCode).toBe(201);
  return email;
}

describe('invite_accepted notification', () => {
  it("mails the inviter, in the inviter's language, when the invitee joins", async () => {
    const account = await createAccount(env.database.db, { name: 'Northwind' });
    const admin = await signedInUser(env.app, env.database.db, { account, permission: 'admin' });
    await env.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, admin.user.id));
    const email = await inviteAndJoin(admin.token);
    const mails = await acceptedMails(admin.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      locale: 'es',
      subject: 'Jo Iner se ha unido a Northwind en Partner Portal',
    });
    expect(mails[0]?.text).toContain(email);
    expect(mails[0]?.text).toContain('http://localhost:8080/account/users');
    const [joined] = await env.database.db
      .select({ permission: accountUsers.permission })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(and(eq(users.email, email), eq(accountUsers.accountId, account.id)));
    expect(joined?.permission).toBe('user');
  });

  it('mails nothing when the inviter turned the notification off', async () => {
    const admin = await signedInUser(env.app, env.database.db, { permission: 'admin' });
    const off = await env.app.inject({
      method: 'PATCH',
      url: '/api/notification',
      headers: bearer(admin.token),
      payload: { invite_accepted: false },
    });
    expect(off.statusCode).toBe(200);
    await inviteAndJoin(admin.token);
    expect(await acceptedMails(admin.user.email)).toEqual([]);
  });
});
