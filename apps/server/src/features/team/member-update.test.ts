import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, sessions, users } from '../../db/schema/index';
import { createAccount, createUser } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();
const PLUS = 'local-plus-campaigns';

const patch = (token: string, payload: Record<string, unknown>) =>
  env.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload });
const status = (token: string) =>
  env.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });

async function team() {
  const db = env.database.db;
  const account = await createAccount(db, { name: 'Northwind', plan: 'free_plus' });
  const owner = await signedInUser(env.app, db, { account, permission: 'owner' });
  const admin = await signedInUser(env.app, db, { account, permission: 'admin' });
  const member = await signedInUser(env.app, db, {
    account,
    permission: 'advertiser',
    advertiserName: 'Acme',
    enablePlus: true,
    plusDashboards: [PLUS],
  });
  return { account, owner, admin, member };
}

const membershipOf = async (userId: string, accountId: string) => {
  const [row] = await env.database.db
    .select()
    .from(accountUsers)
    .where(and(eq(accountUsers.userId, userId), eq(accountUsers.accountId, accountId)));
  return row;
};

describe('PATCH /api/user with id (member edit)', () => {
  it('merges the given fields over the stored member, keeping their sessions', async () => {
    const { account, admin, member } = await team();
    const answer = await patch(admin.token, { id: member.user.id, advertiser_name: 'Acme Shoes' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      id: member.user.id,
      avatar: null,
      email: member.user.email,
      first_name: 'Test',
      last_name: 'advertiser',
      last_login: expect.any(String),
      permission: 'advertiser',
      verified: true,
      status: 'verified',
      advertiser_name: 'Acme Shoes',
      enable_plus: true,
      plus_dashboards: [PLUS],
      date_created: expect.any(String),
    });
    expect(await membershipOf(member.user.id, account.id)).toMatchObject({
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
      enablePlus: true,
      plusDashboards: [PLUS],
    });
    expect((await status(member.token)).statusCode).toBe(200);
  });

  it("changes the permission, clears advertiser fields and ends the member's sessions here", async () => {
    const { account, admin, member } = await team();
    const elsewhere = await createAccount(env.database.db);
    await env.database.db
      .insert(accountUsers)
      .values({ accountId: elsewhere.id, userId: member.user.id, permission: 'user' });
    const [otherSession] = await env.database.db
      .insert(sessions)
      .values({
        userId: member.user.id,
        accountId: elsewhere.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const answer = await patch(admin.token, { id: member.user.id, permission: 'user' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      permission: 'user',
      advertiser_name: null,
      enable_plus: false,
      plus_dashboards: [],
    });
    expect(await membershipOf(member.user.id, account.id)).toMatchObject({
      permission: 'user',
      advertiserName: null,
      enablePlus: false,
      plusDashboards: [],
    });
    // The member's next request says why, so the sign-in page can.
    const ended = await status(member.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({
      code: 'access_changed',
      message: 'An administrator changed your access to this account. Sign in again.',
    });
    // Other refusals stay the plain 401.
    const stranger = await status('not.a.token');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().code).toBeUndefined();
    const [kept] = await env.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, otherSession?.id ?? ''));
    expect(kept?.revokedAt).toBeNull();
    expect((await status(admin.token)).statusCode).toBe(200);
  });

  it('re-checks the advertiser rules on the merged member', async () => {
    const { account, admin, owner } = await team();
    const plain = await createUser(env.database.db, { account, permission: 'user' });
    const noName = await patch(admin.token, { id: plain.user.id, permission: 'advertiser' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({
      message: 'Please enter the advertiser name',
      inputError: 'advertiser_name',
    });
    const advertiser = await createUser(env.database.db, {
      account,
      permission: 'advertiser',
      advertiserName: 'Acme',
    });
    const plusOnly = await patch(admin.token, { id: advertiser.user.id, enable_plus: true });
    expect(plusOnly.statusCode).toBe(400);
    expect(plusOnly.json().inputError).toBe('plus_dashboards');
    const blank = await patch(admin.token, { id: advertiser.user.id, advertiser_name: null });
    expect(blank.json().inputError).toBe('advertiser_name');
    const unknown = await patch(admin.token, {
      id: advertiser.user.id,
      enable_plus: true,
      plus_dashboards: ['local-core-overview'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'There is no Plus dashboard local-core-overview.',
      inputError: 'plus_dashboards',
    });
    expect(await membershipOf(advertiser.user.id, account.id)).toMatchObject({
      advertiserName: 'Acme',
      enablePlus: false,
    });
    const granted = await patch(owner.token, {
      id: advertiser.user.id,
      enable_plus: true,
      plus_dashboards: [PLUS],
    });
    expect(granted.json().data).toMatchObject({ enable_plus: true, plus_dashboards: [PLUS] });
  });

  it("refuses to change the owner's permission, even for the owner", async () => {
    const { account, admin, owner } = await team();
    for (const caller of [admin, owner]) {
      const answer = await patch(caller.token, { id: owner.user.id, permission: 'admin' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({
        message: "The owner's permission cannot be changed.",
        inputError: 'permission',
      });
    }
    expect((await membershipOf(owner.user.id, account.id))?.permission).toBe('owner');
    expect((await status(owner.token)).statusCode).toBe(200);
  });

  it('refuses to change one’s own permission, and master or owner are never given', async () => {
    const { account, admin, member } = await team();
    const own = await patch(admin.token, { id: admin.user.id, permission: 'user' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      message: 'You cannot change your own permission.',
      inputError: 'permission',
    });
    for (const permission of ['owner', 'master']) {
      const answer = await patch(admin.token, { id: member.user.id, permission });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().inputError).toBe('permission');
    }
    expect((await membershipOf(admin.user.id, account.id))?.permission).toBe('admin');
    expect((await membershipOf(member.user.id, account.id))?.permission).toBe('advertiser');
  });

  it("answers 404 for another account's member and changes nothing there", async () => {
    const { admin } = await team();
    const theirs = await createUser(env.database.db, {
      permission: 'advertiser',
      advertiserName: 'Theirs',
    });
    const answer = await patch(admin.token, {
      id: theirs.user.id,
      permission: 'admin',
      advertiser_name: 'Mine now',
    });
    expect(answer.statusCode).toBe(404);
    expect(await membershipOf(theirs.user.id, theirs.account.id)).toEqual(theirs.membership);
    expect((await patch(admin.token, { id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await patch(admin.token, { id: 'not-a-uuid' })).json().inputError).toBe('id');
  });

  it.each(['user', 'advertiser', 'developer'] as const)(
    'refuses a %s with 403, even editing themself',
    async (permission) => {
      const caller = await signedInUser(env.app, env.database.db, { permission });
      const peer = await createUser(env.database.db, { account: caller.account });
      for (const id of [peer.user.id, caller.user.id]) {
        const answer = await patch(caller.token, { id, advertiser_name: 'x' });
        expect(answer.statusCode).toBe(403);
      }
      expect(await membershipOf(peer.user.id, caller.account.id)).toEqual(peer.membership);
    },
  );

  it('refuses fields of the other shape by name', async () => {
    const { admin, member } = await team();
    const answer = await patch(admin.token, { id: member.user.id, first_name: 'Eve' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().inputError).toBe('first_name');
  });
});

describe('PATCH /api/user on oneself: privileged fields', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ permission: 'admin' }, 'permission'],
    [{ permission: 'owner' }, 'permission'],
    [{ first_name: 'Ok', verified: true }, 'verified'],
    [{ account_id: '00000000-0000-4000-8000-000000000000' }, 'account_id'],
    [{ advertiser_name: 'Me' }, 'advertiser_name'],
  ])('refuses %j with 400 naming %s, changing nothing', async (payload, field) => {
    const me = await signedInUser(env.app, env.database.db, { permission: 'user' });
    const answer = await patch(me.token, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: expect.any(String), inputError: field });
    const [stored] = await env.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(stored).toMatchObject({ firstName: 'Test', verified: true });
    expect((await membershipOf(me.user.id, me.account.id))?.permission).toBe('user');
  });

  it('says which field is not accepted', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const answer = await patch(me.token, { verified: false });
    expect(answer.json()).toEqual({
      message: 'verified is not a field this request accepts.',
      inputError: 'verified',
    });
  });

  it('still updates the profile and answers the current user', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const answer = await patch(me.token, { first_name: 'Grace' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ first_name: 'Grace', has_password: true });
  });
});
