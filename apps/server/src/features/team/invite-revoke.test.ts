import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { invites } from '../../db/schema/index';
import { createAccount, createUser, uniqueEmail } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createInvite } from './invite.service';

const env = useTestApp();

const revoke = (token: string, id: string) =>
  env.app.inject({
    method: 'DELETE',
    url: `/api/invite/${encodeURIComponent(id)}`,
    headers: bearer(token),
  });

async function admin() {
  const account = await createAccount(env.database.db);
  return signedInUser(env.app, env.database.db, { permission: 'admin', account });
}

const invitesOf = (accountId: string) =>
  env.database.db.select().from(invites).where(eq(invites.accountId, accountId));
const invitesById = (ids: string[]) =>
  env.database.db.select().from(invites).where(inArray(invites.id, ids));

describe('DELETE /api/invite/{id}', () => {
  it('deletes an invite of the account, so it is gone from the list', async () => {
    const me = await admin();
    const open = await createInvite(env.database.db, {
      accountId: me.account.id,
      email: uniqueEmail(),
    });
    const answer = await revoke(me.token, open.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: null });
    expect(await invitesOf(me.account.id)).toEqual([]);
    expect((await revoke(me.token, open.id)).statusCode).toBe(404);
  });

  it("answers 404 for another account's invite, an accepted one, unknown and malformed ids", async () => {
    const me = await admin();
    const theirs = await createUser(env.database.db, { permission: 'owner' });
    const foreign = await createInvite(env.database.db, {
      accountId: theirs.account.id,
      email: uniqueEmail(),
    });
    const accepted = await createInvite(env.database.db, {
      accountId: me.account.id,
      email: uniqueEmail(),
    });
    await env.database.db
      .update(invites)
      .set({ acceptedAt: new Date() })
      .where(eq(invites.id, accepted.id));
    for (const id of [foreign.id, accepted.id, crypto.randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      const answer = await revoke(me.token, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('The requested resource was not found.');
    }
    const { token: _token, ...foreignRow } = foreign;
    expect(await invitesById([foreign.id])).toEqual([foreignRow]);
    expect(await invitesById([accepted.id])).toHaveLength(1);
  });

  it.each(['user', 'advertiser', 'developer'] as const)('refuses a %s with 403', async (role) => {
    const member = await signedInUser(env.app, env.database.db, { permission: role });
    const open = await createInvite(env.database.db, {
      accountId: member.account.id,
      email: uniqueEmail(),
    });
    expect((await revoke(member.token, open.id)).statusCode).toBe(403);
    expect(await invitesOf(member.account.id)).toHaveLength(1);
  });
});
