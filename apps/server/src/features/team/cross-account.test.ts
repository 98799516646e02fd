import { describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { accountUsers, invites, outbox, sessions, users } from '../../db/schema/index';
import { createAccount, uniqueEmail } from '../../../test/factories';
import { bearer, randomIp, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createInvite } from './invite.service';

const env = useTestApp();

/** Everything the team routes could touch in one account, to compare before and after. */
async function snapshot(accountId: string, userIds: string[]) {
  const db = env.database.db;
  return {
    memberships: await db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.accountId, accountId))
      .orderBy(asc(accountUsers.id)),
    invites: await db
      .select()
      .from(invites)
      .where(eq(invites.accountId, accountId))
      .orderBy(asc(invites.id)),
    users: await db.select().from(users).where(inArray(users.id, userIds)).orderBy(asc(users.id)),
    sessions: await db
      .select({ id: sessions.id, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.accountId, accountId))
      .orderBy(asc(sessions.id)),
  };
}

describe("team routes never reach another account's rows", () => {
  it('answers 404 (or own data only) to every probe, and the other account is unchanged', async () => {
    const db = env.database.db;
    const theirs = await createAccount(db, { name: 'Theirs' });
    const theirOwner = await signedInUser(env.app, db, { account: theirs, permission: 'owner' });
    const theirMember = await signedInUser(env.app, db, {
      account: theirs,
      permission: 'advertiser',
      advertiserName: 'Their brand',
    });
    const theirInvite = await createInvite(db, {
      accountId: theirs.id,
      email: uniqueEmail('their-invitee'),
      permission: 'admin',
      invitedBy: theirOwner.user.id,
    });
    const userIds = [theirOwner.user.id, theirMember.user.id];
    // Last logins are written by sign-ins, so the snapshot is taken after them.
    const before = await snapshot(theirs.id, userIds);

    const mine = await createAccount(db, { name: 'Mine' });
    const admin = await signedInUser(env.app, db, { account: mine, permission: 'owner' });
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      env.app.inject({
        method,
        url,
        headers: bearer(admin.token),
        remoteAddress: randomIp(),
        ...(payload ? { payload } : {}),
      });

    const list = await call('GET', '/api/account/users');
    expect(list.json().data.users.map((row: { id: string }) => row.id)).toEqual([admin.user.id]);
    expect(list.json().data.invites).toEqual([]);

    for (const id of userIds) {
      const edit = await call('PATCH', '/api/user', { id, permission: 'user' });
      expect(edit.statusCode).toBe(404);
      const fields = await call('PATCH', '/api/user', { id, advertiser_name: 'Mine now' });
      expect(fields.statusCode).toBe(404);
      expect((await call('DELETE', `/api/user/${id}`)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `/api/invite/${theirInvite.id}`)).statusCode).toBe(404);

    // Re-sending to their invitee makes an invite of my own and leaves theirs as it was.
    const resend = await call('POST', '/api/invite', {
      email: theirInvite.email,
      permission: 'user',
    });
    expect(resend.statusCode).toBe(201);
    expect(resend.json().data[0].id).not.toBe(theirInvite.id);
    const [mineNow] = await db.select().from(invites).where(eq(invites.accountId, mine.id));
    expect(mineNow).toMatchObject({ email: theirInvite.email, permission: 'user' });

    // Their member is not a member of mine, so inviting them is a plain invite too.
    const inviteMember = await call('POST', '/api/invite', { email: theirMember.user.email });
    expect(inviteMember.statusCode).toBe(201);

    expect(await snapshot(theirs.id, userIds)).toEqual(before);
    const theirMail = await db.select().from(outbox).where(eq(outbox.to, theirOwner.user.email));
    expect(theirMail.every((mail) => mail.template === 'new_signin')).toBe(true);
  });
});
