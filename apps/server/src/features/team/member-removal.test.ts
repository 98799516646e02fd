import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, events, users } from '../../db/schema/index';
import { createAccount, createUser } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const remove = (token: string, id: string) =>
  env.app.inject({
    method: 'DELETE',
    url: `/api/user/${encodeURIComponent(id)}`,
    headers: bearer(token),
  });
const status = (token: string) =>
  env.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
const userRow = async (id: string) =>
  (await env.database.db.select().from(users).where(eq(users.id, id)))[0];
const memberships = (userId: string) =>
  env.database.db.select().from(accountUsers).where(eq(accountUsers.userId, userId));

async function team() {
  const account = await createAccount(env.database.db);
  const owner = await signedInUser(env.app, env.database.db, { account, permission: 'owner' });
  const admin = await signedInUser(env.app, env.database.db, { account, permission: 'admin' });
  return { account, owner, admin };
}

describe('DELETE /api/user/{id}', () => {
  it('removes a member of no other account: user deleted, sessions gone, event recorded', async () => {
    const { account, admin } = await team();
    const member = await signedInUser(env.app, env.database.db, { account });
    const answer = await remove(admin.token, member.user.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { signout: false } });
    expect(await userRow(member.user.id)).toBeUndefined();
    expect((await status(member.token)).statusCode).toBe(401);
    expect((await status(admin.token)).statusCode).toBe(200);
    const [event] = await env.database.db
      .select()
      .from(events)
      .where(and(eq(events.name, 'removed_user'), eq(events.accountId, account.id)));
    expect(event).toMatchObject({
      userId: admin.user.id,
      metadata: { user_id: member.user.id, self: false, user_deleted: true },
    });
  });

  it('keeps a user who belongs to another account, signed in there only', async () => {
    const { account, admin } = await team();
    const elsewhere = await createUser(env.database.db, { permission: 'user' });
    const member = elsewhere.user;
    await env.database.db
      .insert(accountUsers)
      .values({ accountId: account.id, userId: member.id, permission: 'developer' });
    await env.database.db
      .update(users)
      .set({ defaultAccountId: account.id })
      .where(eq(users.id, member.id));
    const answer = await remove(admin.token, member.id);
    expect(answer.statusCode).toBe(200);
    expect(await userRow(member.id)).toMatchObject({ id: member.id, defaultAccountId: null });
    expect((await memberships(member.id)).map((row) => row.accountId)).toEqual([
      elsewhere.account.id,
    ]);
  });

  it('lets an admin remove themself and tells them to sign out', async () => {
    const { admin } = await team();
    const answer = await remove(admin.token, admin.user.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { signout: true } });
    expect((await status(admin.token)).statusCode).toBe(401);
    expect(await userRow(admin.user.id)).toBeUndefined();
  });

  it('never removes the owner, not even the owner themself', async () => {
    const { account, owner, admin } = await team();
    for (const caller of [admin, owner]) {
      const answer = await remove(caller.token, owner.user.id);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: 'The account owner cannot be removed.' });
    }
    expect((await memberships(owner.user.id)).map((row) => row.accountId)).toEqual([account.id]);
    expect((await status(owner.token)).statusCode).toBe(200);
  });

  it("answers 404 for another account's member, unknown and malformed ids, changing nothing", async () => {
    const { admin } = await team();
    const theirs = await signedInUser(env.app, env.database.db, { permission: 'user' });
    for (const id of [theirs.user.id, crypto.randomUUID(), 'nope', '../1']) {
      const answer = await remove(admin.token, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('The requested resource was not found.');
    }
    expect(await memberships(theirs.user.id)).toEqual([theirs.membership]);
    expect((await status(theirs.token)).statusCode).toBe(200);
  });

  it.each(['user', 'advertiser', 'developer'] as const)(
    'refuses a %s with 403, even for themself',
    async (permission) => {
      const caller = await signedInUser(env.app, env.database.db, { permission });
      const peer = await createUser(env.database.db, { account: caller.account });
      for (const id of [peer.user.id, caller.user.id]) {
        expect((await remove(caller.token, id)).statusCode).toBe(403);
      }
      expect(await memberships(peer.user.id)).toHaveLength(1);
      expect(await memberships(caller.user.id)).toHaveLength(1);
    },
  );
});

describe('GET /api/user/permissions', () => {
  const get = (token: string) =>
    env.app.inject({ method: 'GET', url: '/api/user/permissions', headers: bearer(token) });

  it('lists what each permission holds and what an admin may give', async () => {
    const admin = await signedInUser(env.app, env.database.db, { permission: 'admin' });
    const answer = await get(admin.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      master: { holds: ['master', 'owner', 'admin', 'user', 'advertiser'], assignable: false },
      owner: {
        holds: ['owner', 'admin', 'developer', 'user', 'advertiser'],
        assignable: false,
      },
      admin: { holds: ['admin', 'user', 'advertiser'], assignable: true },
      developer: { holds: ['developer', 'user'], assignable: true },
      user: { holds: ['user'], assignable: true },
      advertiser: { holds: ['user', 'advertiser'], assignable: true },
    });
  });

  it('gives nothing to assign below admin, and answers the owner too', async () => {
    for (const permission of ['user', 'advertiser', 'developer'] as const) {
      const caller = await signedInUser(env.app, env.database.db, { permission });
      const data = (await get(caller.token)).json().data as Record<string, { assignable: boolean }>;
      expect(Object.values(data).some((entry) => entry.assignable)).toBe(false);
    }
    const owner = await signedInUser(env.app, env.database.db, { permission: 'owner' });
    expect((await get(owner.token)).json().data.user.assignable).toBe(true);
  });

  it('needs a session', async () => {
    const answer = await env.app.inject({ method: 'GET', url: '/api/user/permissions' });
    expect(answer.statusCode).toBe(401);
  });
});
