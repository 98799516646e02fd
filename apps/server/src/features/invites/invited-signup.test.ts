import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invites } from '../../db/schema/index';
import { createAccount, createUser, uniqueEmail } from '../../../test/factories';
import { PASSWORD, randomIp, xsrfHeaders } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createInvite } from './invite.service';

const env = useTestApp();

const join = (payload: Record<string, unknown>) =>
  env.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { first_name: 'Ian', last_name: 'Vited', password: PASSWORD, ...payload },
  });

describe('POST /api/user (sign up an invited user)', () => {
  it('joins the inviting account with the invite’s permission and advertiser fields, verified, and consumes the invite', async () => {
    const account = await createAccount(env.database.db, { name: 'Northwind', plan: 'free_plus' });
    const email = uniqueEmail('invited');
    const invite = await createInvite(env.database.db, {
      accountId: account.id,
      email,
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
      enablePlus: true,
      plusDashboards: ['wb-1'],
    });
    const response = await join({ email: email.toUpperCase(), invite_id: invite.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      email,
      verified: true,
      account_id: account.id,
      permission: 'advertiser',
      advertiser_name: 'Acme Shoes',
      enable_plus: true,
      plan: 'free_plus',
    });
    const [stored] = await env.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(stored?.acceptedAt).toBeInstanceOf(Date);
    expect((await join({ email, invite_id: invite.id })).statusCode).toBe(400);
  });

  it('refuses an invite for another e-mail, an expired one, and an unknown id', async () => {
    const account = await createAccount(env.database.db);
    const invite = await createInvite(env.database.db, {
      accountId: account.id,
      email: uniqueEmail(),
      permission: 'user',
    });
    const other = await join({ email: uniqueEmail('other'), invite_id: invite.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/no longer valid/);

    const old = await createInvite(env.database.db, {
      accountId: account.id,
      email: uniqueEmail('late'),
      permission: 'user',
      now: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
    });
    expect((await join({ email: old.email, invite_id: old.id })).statusCode).toBe(400);
    expect((await join({ email: uniqueEmail(), invite_id: crypto.randomUUID() })).statusCode).toBe(
      400,
    );
  });

  it('lets an existing user with the right password join, and refuses a wrong one', async () => {
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const account = await createAccount(env.database.db, { name: 'Second team' });
    const invite = await createInvite(env.database.db, {
      accountId: account.id,
      email: user.email,
      permission: 'admin',
    });
    expect(
      (await join({ email: user.email, invite_id: invite.id, password: 'Wrong-pass-9!' }))
        .statusCode,
    ).toBe(409);
    const joined = await join({ email: user.email, invite_id: invite.id });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data.accounts).toHaveLength(2);
  });

  it('gives one of two simultaneous acceptances the invite', async () => {
    const account = await createAccount(env.database.db);
    const email = uniqueEmail('race');
    const invite = await createInvite(env.database.db, {
      accountId: account.id,
      email,
      permission: 'user',
    });
    const results = await Promise.all([
      join({ email, invite_id: invite.id }),
      join({ email, invite_id: invite.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, expect.any(Number)]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
  });
});
