import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, accountUsers, users } from '../db/schema/index';
import { createAccount, createUser } from '../../test/factories';
import { bearer, signedInUser } from '../../test/identity-helpers';
import { useTestApp } from '../../test/use-test-app';

// The session cache on one instance, on either database: a hit costs no statement, and every
// kind of write a session depends on is seen by the very next request.
const env = useTestApp();

const me = (token: string) =>
  env.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  const before = env.database.changes.statements;
  await call();
  return env.database.changes.statements - before;
}

describe('live sessions', () => {
  it('answers GET /api/user in one statement on a miss and none on a hit', async () => {
    const { token } = await signedInUser(env.app, env.database.db, { permission: 'owner' });
    expect(await statementsOf(() => me(token))).toBe(1);
    expect(await statementsOf(() => me(token))).toBe(0);
    const answer = await me(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.permission).toBe('owner');
  });

  it('answers from the database, every time, while the change feed is not live', async () => {
    const { token } = await signedInUser(env.app, env.database.db);
    await me(token);
    env.database.changes.setLive(false);
    try {
      expect(await statementsOf(() => me(token))).toBe(1);
      expect(await statementsOf(() => me(token))).toBe(1);
    } finally {
      env.database.changes.setLive(true);
    }
  });

  it('shows a profile change on the next call', async () => {
    const { token } = await signedInUser(env.app, env.database.db);
    await me(token);
    const patched = await env.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(token),
      payload: { first_name: 'Renamed' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await me(token)).json().data.first_name).toBe('Renamed');
  });

  it('refuses a signed-out session on the next call', async () => {
    const { token } = await signedInUser(env.app, env.database.db);
    await me(token);
    const out = await env.app.inject({
      method: 'DELETE',
      url: '/api/auth',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("refuses a member's session once an admin changes their permission or removes them", async () => {
    const account = await createAccount(env.database.db);
    const admin = await signedInUser(env.app, env.database.db, { account, permission: 'admin' });
    const edited = await signedInUser(env.app, env.database.db, { account, permission: 'user' });
    const removed = await signedInUser(env.app, env.database.db, { account, permission: 'user' });
    expect((await me(edited.token)).json().data.permission).toBe('user');
    expect((await me(removed.token)).statusCode).toBe(200);

    // A changed permission ends the member's sessions (docs/security.md).
    const edit = await env.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(admin.token),
      payload: { id: edited.user.id, permission: 'developer' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await me(edited.token)).statusCode).toBe(401);

    const removal = await env.app.inject({
      method: 'DELETE',
      url: `/api/user/${removed.user.id}`,
      headers: bearer(admin.token),
    });
    expect(removal.statusCode).toBe(200);
    expect((await me(removed.token)).statusCode).toBe(401);
  });

  it("shows a member's new advertiser name on their next call", async () => {
    const account = await createAccount(env.database.db);
    const member = await signedInUser(env.app, env.database.db, {
      account,
      permission: 'advertiser',
    });
    expect((await me(member.token)).json().data.advertiser_name).toBe('Acme Shoes');
    await env.database.db
      .update(accountUsers)
      .set({ advertiserName: 'Acme Boots' })
      .where(eq(accountUsers.userId, member.user.id));
    expect((await me(member.token)).json().data.advertiser_name).toBe('Acme Boots');
  });

  it("shows another account's new name and a new membership in the list of accounts", async () => {
    const { token, user } = await signedInUser(env.app, env.database.db);
    const other = await createAccount(env.database.db);
    expect((await me(token)).json().data.accounts).toHaveLength(1);

    await env.database.db
      .insert(accountUsers)
      .values({ accountId: other.id, userId: user.id, permission: 'user' });
    expect((await me(token)).json().data.accounts).toHaveLength(2);

    await env.database.db
      .update(accounts)
      .set({ name: 'Renamed elsewhere' })
      .where(eq(accounts.id, other.id));
    const names = (await me(token)).json().data.accounts.map((a: { name: string }) => a.name);
    expect(names).toContain('Renamed elsewhere');
  });

  it('refuses a user disabled by a statement it cannot read (raw SQL)', async () => {
    const { token, user } = await signedInUser(env.app, env.database.db);
    await me(token);
    await env.database.db.execute(sql`update users set disabled = true where id = ${user.id}`);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("keeps other users' sessions cached when one user changes", async () => {
    const stays = await signedInUser(env.app, env.database.db);
    const changes = await createUser(env.database.db);
    await me(stays.token);
    await env.database.db
      .update(users)
      .set({ firstName: 'Other' })
      .where(eq(users.id, changes.user.id));
    expect(await statementsOf(() => me(stays.token))).toBe(0);
  });
});
