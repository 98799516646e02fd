import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountUsers, invites } from '../../db/schema/index';
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
    const response = await join({
      email: email.toUpperCase(),
      invite_id: invite.token,
      // The look they had on the sign-up screen is theirs from now on.
      dark_mode: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      email,
      dark_mode: true,
      verified: true,
      account_id: account.id,
      permission: 'advertiser',
      advertiser_name: 'Acme Shoes',
      enable_plus: true,
      plan: 'free_plus',
    });
    const [stored] = await env.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(stored?.acceptedAt).toBeInstanceOf(Date);
    expect((await join({ email, invite_id: invite.token })).statusCode).toBe(400);
  });

  it('refuses an invite for another e-mail, an expired one, and an unknown token', async () => {
    const account = await createAccount(env.database.db);
    const invite = await createInvite(env.database.db, {
      accountId: account.id,
      email: uniqueEmail(),
      permission: 'user',
    });
    const other = await join({ email: uniqueEmail('other'), invite_id: invite.token });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/no longer valid/);

    const old = await createInvite(env.database.db, {
      accountId: account.id,
      email: uniqueEmail('late'),
      permission: 'user',
      now: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
    });
    expect((await join({ email: old.email, invite_id: old.token })).statusCode).toBe(400);
    expect((await join({ email: uniqueEmail(), invite_id: crypto.randomUUID() })).statusCode).toBe(
      400,
    );
    // The link's token, not the row id, is what claims an invite.
    expect((await join({ email: invite.email, invite_id: invite.id })).statusCode).toBe(400);
    const [untouched] = await env.database.db
      .select()
      .from(invites)
      .where(eq(invites.id, invite.id));
    expect(untouched?.acceptedAt).toBeNull();
  });

  it('refuses a token that is not of the link-token shape on invite_id', async () => {
    for (const bad of ['short', 'has spaces in it, twenty', 'x'.repeat(513), 42]) {
      const answer = await join({ email: uniqueEmail(), invite_id: bad });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().inputError).toBe('invite_id');
    }
  });

  it('refuses an expired token even for the right e-mail', async () => {
    const account = await createAccount(env.database.db);
    const email = uniqueEmail('expired');
    // Sent 7 days and a minute ago: just past the 7-day lifetime.
    const late = await createInvite(env.database.db, {
      accountId: account.id,
      email,
      now: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000),
    });
    const answer = await join({ email, invite_id: late.token });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/no longer valid/);
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
      (await join({ email: user.email, invite_id: invite.token, password: 'Wrong-pass-9!' }))
        .statusCode,
    ).toBe(409);
    const joined = await join({ email: user.email, invite_id: invite.token });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data.accounts).toHaveLength(2);
  });

  it('gives exactly one of 20 parallel sign-ups with one link the invite', async () => {
    const account = await createAccount(env.database.db);
    const email = uniqueEmail('race');
    const invite = await createInvite(env.database.db, {
      accountId: account.id,
      email,
      permission: 'user',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => join({ email, invite_id: invite.token })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19);
    const members = await env.database.db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.accountId, account.id));
    expect(members).toHaveLength(1);
  });
});
