import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { events, invites, outbox, users } from '../../db/schema/index';
import { createAccount, createUser, uniqueEmail } from '../../../test/factories';
import {
  joinWithInvite,
  bearer,
  lastMailTo,
  randomIp,
  signedInUser,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createInvite } from './invite.service';

const env = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const PLUS = 'local-plus-campaigns';

const invite = (token: string, payload: Record<string, unknown>, ip = randomIp()) =>
  env.app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: bearer(token),
    remoteAddress: ip,
    payload,
  });
async function admin(options: Parameters<typeof signedInUser>[2] = {}) {
  const account = options.account ?? (await createAccount(env.database.db, { name: 'Northwind' }));
  return signedInUser(env.app, env.database.db, { permission: 'admin', ...options, account });
}

const invitesOf = (accountId: string) =>
  env.database.db.select().from(invites).where(eq(invites.accountId, accountId));
const invitesTo = (emails: string[]) =>
  env.database.db.select().from(invites).where(inArray(invites.email, emails));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The one-time token in an invite mail's sign-up link for this address (256 bits, base64url). */
function linkToken(text: string, email: string): string {
  const prefix = `http://localhost:8080/signup/user?email=${encodeURIComponent(email)}&id=`;
  const start = text.indexOf(prefix);
  expect(start).toBeGreaterThanOrEqual(0);
  const token = /^[A-Za-z0-9_-]+/.exec(text.slice(start + prefix.length))?.[0] ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

const join = (email: string, token: string) => joinWithInvite(env.app, email, token);

const mailsTo = (email: string) =>
  env.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'invite')));

describe('POST /api/invite', () => {
  it("invites every listed address and mails each a sign-up link in the inviter's language", async () => {
    const me = await admin();
    await env.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, me.user.id));
    const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const answer = await invite(me.token, {
      email: `${emails[0]?.toUpperCase()}, ${emails[1]};\n${emails[2]}`,
      permission: 'developer',
    });
    expect(answer.statusCode).toBe(201);
    const sent = answer.json().data as { id: string; email: string }[];
    expect(sent.map((item) => item.email)).toEqual(emails);
    expect(sent[0]).toMatchObject({
      permission: 'developer',
      expired: false,
      status: 'invited',
      advertiser_name: null,
      enable_plus: false,
      plus_dashboards: [],
    });
    const expires = new Date((sent[0] as unknown as { expires_at: string }).expires_at).getTime();
    expect(expires - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY);

    const stored = await invitesOf(me.account.id);
    expect(stored).toHaveLength(3);
    expect(stored.every((row) => row.invitedBy === me.user.id && row.acceptedAt === null)).toBe(
      true,
    );
    for (const [index, email] of emails.entries()) {
      const mail = await lastMailTo(env.database.db, email, 'invite');
      expect(mail.locale).toBe('es');
      expect(mail.subject).toBe('Test admin te ha invitado a Northwind en Partner Portal');
      const token = linkToken(mail.text, email);
      expect(token).not.toBe(sent[index]?.id);
      expect(mail.text).not.toContain(sent[index]?.id ?? '-');
      // Only the token's SHA-256 is stored, never the token itself.
      const row = stored.find((item) => item.id === sent[index]?.id);
      expect(row?.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(row)).not.toContain(token);
    }
    expect(JSON.stringify(answer.json())).not.toMatch(/token/i);
    const [event] = await env.database.db
      .select()
      .from(events)
      .where(and(eq(events.name, 'invited_user'), eq(events.accountId, me.account.id)));
    expect(event?.metadata).toEqual({ count: 3, resent: 0 });
  });

  it('refuses an address listed twice, naming it, and writes nothing', async () => {
    const me = await admin();
    const twice = uniqueEmail('twice');
    const answer = await invite(me.token, { email: `${twice}, ${uniqueEmail()}, ${twice}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: `${twice} is listed more than once`,
      inputError: 'email',
    });
    expect(await invitesOf(me.account.id)).toEqual([]);
  });

  it('refuses the whole request when addresses already belong to the account, naming each', async () => {
    const me = await admin();
    const first = await createUser(env.database.db, { account: me.account });
    const second = await createUser(env.database.db, { account: me.account });
    const fresh = uniqueEmail('fresh');
    const payload = { email: `${fresh}, ${second.user.email.toUpperCase()}, ${first.user.email}` };
    const answer = await invite(me.token, payload);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      message: `Already in this account: ${second.user.email}, ${first.user.email}`,
      inputError: 'email',
    });
    const spanish = await env.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: { ...bearer(me.token), 'accept-language': 'es' },
      remoteAddress: randomIp(),
      payload: { email: me.user.email },
    });
    expect(spanish.json().message).toBe(`Ya están en esta cuenta: ${me.user.email}`);
    expect(await invitesOf(me.account.id)).toEqual([]);
    expect(await mailsTo(fresh)).toEqual([]);
  });

  it('re-sends an open or expired invite: same invite, fresh expiry, body fields, mailed again', async () => {
    const me = await admin();
    const email = uniqueEmail('again');
    const old = await createInvite(env.database.db, {
      accountId: me.account.id,
      email,
      permission: 'advertiser',
      advertiserName: 'Acme',
      enablePlus: true,
      plusDashboards: [PLUS],
      now: new Date(Date.now() - 8 * DAY),
    });
    const answer = await invite(me.token, { email, permission: 'admin' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toEqual([
      expect.objectContaining({
        id: old.id,
        permission: 'admin',
        expired: false,
        advertiser_name: null,
        enable_plus: false,
        plus_dashboards: [],
      }),
    ]);
    const [stored] = await invitesOf(me.account.id);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
    expect(stored?.createdAt.getTime()).toBeGreaterThan(old.createdAt.getTime());
    expect(await invitesOf(me.account.id)).toHaveLength(1);

    // A resend (docs/product.md#api-calls) carries e-mail and permission; an advertiser keeps its stored Plus access.
    const advertiser = await invite(me.token, {
      email,
      permission: 'advertiser',
      advertiser_name: 'Acme Shoes',
    });
    expect(advertiser.json().data[0]).toMatchObject({
      id: old.id,
      advertiser_name: 'Acme Shoes',
      enable_plus: false,
    });
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('answers parallel invites of one address with one invite, re-sent, never a second row', async () => {
    const me = await admin();
    const email = uniqueEmail('parallel');
    const answers = await Promise.all(
      // Three: the per-address limit of invite requests a minute.
      Array.from({ length: 3 }, () => invite(me.token, { email }, randomIp())),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const rows = await env.database.db.select().from(invites).where(eq(invites.email, email));
    expect(rows).toHaveLength(1);
  });

  it('lets the database hold only one invite not yet accepted per address and account', async () => {
    const account = await createAccount(env.database.db);
    const email = uniqueEmail('twin');
    const first = await createInvite(env.database.db, { accountId: account.id, email });
    await expect(
      createInvite(env.database.db, { accountId: account.id, email: email.toUpperCase() }),
    ).rejects.toThrow();
    // Once accepted, the address may be invited again (after leaving, say).
    await env.database.db
      .update(invites)
      .set({ acceptedAt: new Date() })
      .where(eq(invites.id, first.id));
    await expect(
      createInvite(env.database.db, { accountId: account.id, email }),
    ).resolves.toMatchObject({ email });
  });

  it('gives a re-sent invite a new link token and refuses the previous link', async () => {
    const me = await admin();
    const email = uniqueEmail('resent');
    expect((await invite(me.token, { email })).statusCode).toBe(201);
    const first = linkToken((await lastMailTo(env.database.db, email, 'invite')).text, email);
    expect((await invite(me.token, { email })).statusCode).toBe(201);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = mails.map((mail) => linkToken(mail.text, email)).find((t) => t !== first);
    expect(second).toBeDefined();
    const [stored] = await invitesOf(me.account.id);
    expect(stored?.tokenHash).toBe(sha256(second ?? ''));

    const old = await join(email, first);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/no longer valid/);
    expect((await join(email, second ?? '')).statusCode).toBe(201);
    expect((await join(email, second ?? '')).statusCode).toBe(400);
  });

  it('keeps stored Plus dashboards when an advertiser invite is re-sent without them', async () => {
    const me = await admin();
    const email = uniqueEmail('plus');
    const first = await invite(me.token, {
      email,
      permission: 'advertiser',
      advertiser_name: 'Acme',
      enable_plus: true,
      plus_dashboards: [PLUS, PLUS],
    });
    expect(first.json().data[0]).toMatchObject({ enable_plus: true, plus_dashboards: [PLUS] });
    const again = await invite(me.token, {
      email,
      permission: 'advertiser',
      advertiser_name: 'Acme 2',
    });
    expect(again.json().data[0]).toMatchObject({
      id: first.json().data[0].id,
      advertiser_name: 'Acme 2',
      enable_plus: true,
      plus_dashboards: [PLUS],
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['the owner permission', { permission: 'owner' }, 'permission'],
    ['the master permission', { permission: 'master' }, 'permission'],
    ['an advertiser without a name', { permission: 'advertiser' }, 'advertiser_name'],
    [
      'an advertiser with a blank name',
      { permission: 'advertiser', advertiser_name: '  ' },
      'advertiser_name',
    ],
    [
      'enable_plus without dashboards',
      { permission: 'advertiser', advertiser_name: 'Acme', enable_plus: true },
      'plus_dashboards',
    ],
    [
      'an unknown dashboard',
      {
        permission: 'advertiser',
        advertiser_name: 'Acme',
        enable_plus: true,
        plus_dashboards: [PLUS, 'nope'],
      },
      'plus_dashboards',
    ],
    [
      'a core workbook as a Plus dashboard',
      {
        permission: 'advertiser',
        advertiser_name: 'Acme',
        enable_plus: true,
        plus_dashboards: ['local-core-overview'],
      },
      'plus_dashboards',
    ],
    ['an unknown field', { account_id: '00000000-0000-4000-8000-000000000000' }, 'account_id'],
  ])('refuses %s with 400 on that field and writes nothing', async (_, fields, field) => {
    const me = await admin();
    const email = uniqueEmail('refused');
    const answer = await invite(me.token, { email, ...fields });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ inputError: field, message: expect.any(String) });
    expect(await invitesOf(me.account.id)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('names the unknown dashboard', async () => {
    const me = await admin();
    const answer = await invite(me.token, {
      email: uniqueEmail(),
      permission: 'advertiser',
      advertiser_name: 'Acme',
      enable_plus: true,
      plus_dashboards: ['nope'],
    });
    expect(answer.json().message).toBe('There is no Plus dashboard nope.');
  });

  it('stores no advertiser fields for other permissions', async () => {
    const me = await admin();
    const answer = await invite(me.token, {
      email: uniqueEmail(),
      permission: 'user',
      advertiser_name: 'Ignored',
      enable_plus: false,
    });
    expect(answer.statusCode).toBe(201);
    const [stored] = await invitesOf(me.account.id);
    expect(stored).toMatchObject({ advertiserName: null, enablePlus: false, plusDashboards: [] });
  });

  it('invites an address that has an invite of another account, leaving that one alone', async () => {
    const me = await admin();
    const theirs = await createUser(env.database.db, { permission: 'owner' });
    const email = uniqueEmail('shared');
    const foreign = await createInvite(env.database.db, {
      accountId: theirs.account.id,
      email,
      permission: 'admin',
      now: new Date(Date.now() - 2 * DAY),
    });
    const answer = await invite(me.token, { email });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data[0].id).not.toBe(foreign.id);
    const rows = await invitesTo([email]);
    expect(rows).toHaveLength(2);
    const { token: _token, ...foreignRow } = foreign;
    expect(rows.find((row) => row.id === foreign.id)).toEqual(foreignRow);
    expect(rows.find((row) => row.id !== foreign.id)?.accountId).toBe(me.account.id);
  });

  it('invites a member of another account (they join this one on acceptance)', async () => {
    const me = await admin();
    const elsewhere = await createUser(env.database.db);
    const answer = await invite(me.token, { email: elsewhere.user.email });
    expect(answer.statusCode).toBe(201);
  });

  it('lets an owner invite four people one after another within a minute', async () => {
    const me = await admin();
    const ip = randomIp();
    for (let person = 0; person < 4; person += 1) {
      expect((await invite(me.token, { email: uniqueEmail() }, ip)).statusCode).toBe(201);
    }
  });

  it('counts the addresses mailed per admin: 50 in 10 minutes, refused requests count nothing', async () => {
    const me = await admin();
    const many = (count: number) =>
      Array.from({ length: count }, () => uniqueEmail('team')).join(', ');
    expect((await invite(me.token, { email: many(20) })).statusCode).toBe(201);
    expect((await invite(me.token, { email: many(20) })).statusCode).toBe(201);
    // Refused for a typo, a missing address, or someone already in the team: nothing mailed.
    expect((await invite(me.token, { email: 'not-an-address' })).statusCode).toBe(400);
    expect((await invite(me.token, {})).statusCode).toBe(400);
    expect((await invite(me.token, { email: me.user.email })).statusCode).toBe(409);
    // More than is left is refused whole, before anything is sent.
    const over = await invite(me.token, { email: many(11) });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await invite(me.token, { email: many(10) })).statusCode).toBe(201);
    expect((await invite(me.token, { email: uniqueEmail() })).statusCode).toBe(429);
    expect(await invitesOf(me.account.id)).toHaveLength(50);
    // Another admin of the same account is counted on their own.
    const colleague = await admin({ account: me.account });
    expect((await invite(colleague.token, { email: uniqueEmail() })).statusCode).toBe(201);
  });

  it('allows 30 invite requests a minute per client address, valid or not', async () => {
    const ip = randomIp();
    const me = await admin();
    for (let request = 0; request < 30; request += 1) {
      expect((await invite(me.token, { email: 'typo' }, ip)).statusCode).toBe(400);
    }
    expect((await invite(me.token, { email: uniqueEmail() }, ip)).statusCode).toBe(429);
    expect((await invite(me.token, { email: uniqueEmail() })).statusCode).toBe(201);
  });

  it.each(['user', 'advertiser', 'developer'] as const)(
    'refuses a %s with 403 and writes nothing',
    async (permission) => {
      const member = await signedInUser(env.app, env.database.db, { permission });
      const email = uniqueEmail();
      const answer = await invite(member.token, { email });
      expect(answer.statusCode).toBe(403);
      expect(await invitesTo([email])).toEqual([]);
    },
  );
});
