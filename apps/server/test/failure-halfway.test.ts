import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountUsers, events, invites, outbox, users } from '../src/db/schema/index';
import { createInvite } from '../src/features/team/invite.service';
import { createAccount, createUser, uniqueEmail } from './factories';
import {
  bearer,
  joinWithInvite,
  PASSWORD,
  randomIp,
  signedInUser,
  signup,
  xsrfHeaders,
} from './identity-helpers';
import { useTestApp } from './use-test-app';

// docs/security.md "One request, one transaction": a service that writes several rows, or writes
// and then mails, saves all of it or nothing. The failure is a real one, raised by the database
// at the last write (the mail queued in the outbox) for addresses marked `fail-halfway`, so every
// earlier write of the request has already run when it strikes.
const env = useTestApp();
const db = () => env.database.db;
const MARK = 'fail-halfway';
const doomed = (prefix: string) => uniqueEmail(`${prefix}-${MARK}`);

beforeAll(async () => {
  await db().execute(sql`
    create or replace function fail_marked_mail() returns trigger language plpgsql as $$
    begin
      if new."to" like '%${sql.raw(MARK)}%' then raise exception 'injected failure halfway'; end if;
      return new;
    end $$`);
  await db().execute(sql`drop trigger if exists outbox_fail_marked on outbox`);
  await db().execute(sql`
    create trigger outbox_fail_marked before insert on outbox
      for each row execute function fail_marked_mail()`);
});

const rowsFor = async (email: string) => ({
  users: await db().select().from(users).where(eq(users.email, email)),
  mail: await db().select().from(outbox).where(eq(outbox.to, email)),
});

const me = (token: string) =>
  env.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

describe('a failure halfway leaves nothing behind', () => {
  it('sign-up: no account, user, membership, event or mail', async () => {
    const email = doomed('signup');
    const partner = `Partner ${email}`;
    const answer = await signup(env.app, { email, partner_name: partner });
    expect(answer.statusCode).toBe(500);
    expect(await rowsFor(email)).toEqual({ users: [], mail: [] });
    expect(await db().select().from(accounts).where(eq(accounts.name, partner))).toEqual([]);
    // The same address signs up once the fault is gone: nothing half-made stands in the way.
    expect((await signup(env.app, { email: uniqueEmail('signup') })).statusCode).toBe(201);
  });

  it('invites: none of the addresses is invited when the last one fails', async () => {
    const admin = await signedInUser(env.app, db(), { permission: 'owner' });
    const fine = [uniqueEmail('invitee'), uniqueEmail('invitee')];
    const answer = await env.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: bearer(admin.token),
      remoteAddress: randomIp(),
      payload: { email: [...fine, doomed('invitee')].join(', ') },
    });
    expect(answer.statusCode, answer.body).toBe(500);
    expect(
      await db().select().from(invites).where(eq(invites.accountId, admin.account.id)),
    ).toEqual([]);
    for (const email of fine) expect((await rowsFor(email)).mail).toEqual([]);
    const recorded = await db().select().from(events).where(eq(events.accountId, admin.account.id));
    expect(recorded.filter((event) => event.name === 'invited_user')).toEqual([]);
  });

  it('joining by invite: the invite stays open, no user and no membership', async () => {
    const account = await createAccount(db());
    const inviter = await createUser(db(), {
      account,
      permission: 'owner',
      email: doomed('inviter'),
    });
    const email = uniqueEmail('joiner');
    const invite = await createInvite(db(), {
      accountId: account.id,
      email,
      permission: 'user',
      invitedBy: inviter.user.id,
    });
    const answer = await joinWithInvite(env.app, email, invite.token);
    expect(answer.statusCode).toBe(500);
    expect((await rowsFor(email)).users).toEqual([]);
    const [still] = await db().select().from(invites).where(eq(invites.id, invite.id));
    expect(still?.acceptedAt).toBeNull();
    const members = await db()
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.accountId, account.id));
    expect(members).toHaveLength(1);
  });

  it('password change: the old password still works and other sessions live on', async () => {
    const user = await signedInUser(env.app, db(), { email: doomed('password') });
    const other = await signedInUser(env.app, db(), { account: user.account });
    const elsewhere = await env.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email: user.user.email, password: PASSWORD },
    });
    const secondSession = elsewhere.json().data.token as string;
    const answer = await env.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(user.token),
      remoteAddress: randomIp(),
      payload: { oldpassword: PASSWORD, has_password: true, newpassword: 'Another-horse-2!' },
    });
    expect(answer.statusCode).toBe(500);
    expect((await me(secondSession)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.user.id));
    expect(row?.passwordHash).toBe(user.user.passwordHash);
  });

  it('profile and e-mail change in one request: neither the name nor the pending address is kept', async () => {
    const user = await signedInUser(env.app, db(), { email: doomed('profile') });
    const answer = await env.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(user.token),
      remoteAddress: randomIp(),
      payload: { first_name: 'Renamed', email: uniqueEmail('new-address'), password: PASSWORD },
    });
    expect(answer.statusCode).toBe(500);
    const [row] = await db().select().from(users).where(eq(users.id, user.user.id));
    expect(row?.firstName).toBe(user.user.firstName);
    expect(row?.pendingEmail).toBeNull();
  });

  it('closing an account: still open, its sessions alive, its invites kept', async () => {
    const owner = await signedInUser(env.app, db(), {
      permission: 'owner',
      email: doomed('close'),
    });
    const member = await signedInUser(env.app, db(), { account: owner.account });
    await createInvite(db(), {
      accountId: owner.account.id,
      email: uniqueEmail('pending'),
      permission: 'user',
      invitedBy: owner.user.id,
    });
    const answer = await env.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(owner.token),
      remoteAddress: randomIp(),
      payload: { password: PASSWORD },
    });
    expect(answer.statusCode).toBe(500);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, owner.account.id));
    expect(account?.closedAt).toBeNull();
    expect((await me(member.token)).statusCode).toBe(200);
    expect(
      await db().select().from(invites).where(eq(invites.accountId, owner.account.id)),
    ).toHaveLength(1);
  });
});
