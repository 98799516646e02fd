import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invites as inviteTable, users } from '../../db/schema/index';
import { createAccount, createUser, uniqueEmail } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createInvite } from './invite.service';

const env = useTestApp();
const DAY = 24 * 60 * 60 * 1000;

const listTeam = (token: string) =>
  env.app.inject({ method: 'GET', url: '/api/account/users', headers: bearer(token) });

describe('GET /api/account/users', () => {
  it("lists the account's members with their status and its invites not yet accepted", async () => {
    const db = env.database.db;
    const account = await createAccount(db, { name: 'Northwind' });
    const owner = await createUser(db, { account, permission: 'owner' });
    const admin = await signedInUser(env.app, db, { account, permission: 'admin' });
    const pending = await createUser(db, {
      account,
      permission: 'advertiser',
      verified: false,
      advertiserName: 'Acme Shoes',
      enablePlus: true,
      plusDashboards: ['local-plus-campaigns'],
    });
    const open = await createInvite(db, {
      accountId: account.id,
      email: uniqueEmail('open'),
      permission: 'developer',
    });
    const expired = await createInvite(db, {
      accountId: account.id,
      email: uniqueEmail('late'),
      now: new Date(Date.now() - 8 * DAY),
    });
    const accepted = await createInvite(db, { accountId: account.id, email: uniqueEmail('done') });
    await db.update(users).set({ lastLoginAt: null }).where(eq(users.id, owner.user.id));
    await db
      .update(inviteTable)
      .set({ acceptedAt: new Date() })
      .where(eq(inviteTable.id, accepted.id));

    const answer = await listTeam(admin.token);
    expect(answer.statusCode).toBe(200);
    const { users: members, invites } = answer.json().data;
    expect(members.map((member: { id: string }) => member.id).sort()).toEqual(
      [owner.user.id, admin.user.id, pending.user.id].sort(),
    );
    const row = (id: string) => members.find((member: { id: string }) => member.id === id);
    expect(row(owner.user.id)).toMatchObject({
      email: owner.user.email,
      permission: 'owner',
      status: 'verified',
      verified: true,
      last_login: null,
      advertiser_name: null,
      enable_plus: false,
      plus_dashboards: [],
    });
    expect(row(admin.user.id).last_login).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(row(pending.user.id)).toMatchObject({
      permission: 'advertiser',
      status: 'registered',
      verified: false,
      advertiser_name: 'Acme Shoes',
      enable_plus: true,
      plus_dashboards: ['local-plus-campaigns'],
    });
    expect(new Date(row(pending.user.id).date_created).getTime()).toBeGreaterThan(0);

    expect(invites).toHaveLength(2);
    const invite = (id: string) => invites.find((item: { id: string }) => item.id === id);
    expect(invite(open.id)).toMatchObject({
      email: open.email,
      permission: 'developer',
      expired: false,
      status: 'invited',
      date_sent: open.createdAt.toISOString(),
      expires_at: open.expiresAt.toISOString(),
    });
    expect(invite(expired.id)).toMatchObject({ permission: 'user', expired: true });
  });

  it("shows a member of several accounts only the caller's account", async () => {
    const db = env.database.db;
    const admin = await signedInUser(env.app, db, { permission: 'admin' });
    const other = await createUser(db, { permission: 'owner' });
    await createInvite(db, { accountId: other.account.id, email: uniqueEmail('theirs') });
    const answer = await listTeam(admin.token);
    expect(answer.json().data).toEqual({
      users: [expect.objectContaining({ id: admin.user.id })],
      invites: [],
    });
  });

  it.each(['user', 'advertiser', 'developer'] as const)('refuses a %s with 403', async (role) => {
    const member = await signedInUser(env.app, env.database.db, { permission: role });
    const answer = await listTeam(member.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('You do not have permission to do that.');
  });

  it('answers the owner and a master too', async () => {
    for (const permission of ['owner', 'master'] as const) {
      const caller = await signedInUser(env.app, env.database.db, { permission });
      expect((await listTeam(caller.token)).statusCode).toBe(200);
    }
  });
});
