import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiKey } from '@partner-portal/shared/api-keys';
import {
  accounts,
  accountUsers,
  auditEvents,
  invites,
  outbox,
  sessions,
} from '../../db/schema/index';
import { listRouteAccess } from '../../lib/auth-guard';
import { createTestContext } from '../../../test/test-context';
import { createAccount, uniqueEmail } from '../../../test/factories';
import { createInvite } from '../team/invite.service';
import {
  bearer,
  enableTwoFactor,
  joinWithInvite,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createTotp } from '../user/totp';
import { runTwoFactorPolicy } from './two-factor-policy-job';

/** docs/product.md#two-factor-policy through the API, with a clock the test moves. */
let clock = new Date('2026-11-02T09:00:00Z');
const env = useTestApp(() => ({ now: () => clock }));
const db = () => env.database.db;
const DAY = 86_400_000;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const job = () => runTwoFactorPolicy(createTestContext(env.database, () => clock));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  env.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...xsrfHeaders },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

/** A fresh session for someone who exists (sessions last hours; the tests move days). */
async function signIn(email: string): Promise<string> {
  const answer = await env.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { email, password: PASSWORD },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.token as string;
}

/** An owner with 2FA on, and a member of the same account without it. */
async function team() {
  const owner = await signedInUser(env.app, db(), { permission: 'owner' });
  const secret = await enableTwoFactor(db(), owner.user.id);
  const member = await signedInUser(env.app, db(), { permission: 'user', account: owner.account });
  return { owner, secret, member };
}

const require2fa = (token: string, grace_days?: number) =>
  call(token, 'PATCH', '/api/account/security', {
    require_2fa: true,
    ...(grace_days === undefined ? {} : { grace_days }),
  });

const mailsTo = (to: string, template: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)));

describe('turning it on', () => {
  it('says so when every member already uses two-factor authentication, and mails no one', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    await enableTwoFactor(db(), owner.user.id);
    const on = await require2fa(owner.token);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe(
      'Every member must now use two-factor authentication, and every member already does.',
    );
  });

  it('needs the owner’s own 2FA, lists who lacks it and mails each of them the deadline', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const member = await signedInUser(env.app, db(), {
      permission: 'admin',
      account: owner.account,
    });
    const refused = await require2fa(owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ inputError: 'require_2fa' });
    expect(
      (await db().select().from(accounts).where(eq(accounts.id, owner.account.id)))[0],
    ).toMatchObject({ twoFactorDeadline: null });

    await enableTwoFactor(db(), owner.user.id);
    const before = await call(owner.token, 'GET', '/api/account/security');
    expect(before.json().data).toMatchObject({
      require_2fa: false,
      grace_days: 7,
      deadline: null,
      owner_2fa_enabled: true,
      members_without_2fa: [{ email: member.user.email, permission: 'admin' }],
    });
    const on = await require2fa(owner.token, 3);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      require_2fa: true,
      grace_days: 3,
      deadline: new Date(clock.getTime() + 3 * DAY).toISOString(),
    });
    expect(on.json().message).toBe(
      'Every member must now use two-factor authentication. We e-mailed the member who has not turned it on yet.',
    );
    const [mail] = await mailsTo(member.user.email, 'two_factor_required');
    expect(mail?.subject).toContain(owner.account.name);
    expect(mail?.text).toContain('November 5, 2026');
    expect(mail?.text).toContain('/account/2fa');
    expect(await mailsTo(owner.user.email, 'two_factor_required')).toHaveLength(0);
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, owner.account.id),
          eq(auditEvents.action, 'account.2fa_policy_changed'),
        ),
      );
    expect(row?.changes).toMatchObject({
      before: { require_2fa: false },
      after: { require_2fa: true, grace_days: 3 },
    });

    // Saying it again changes nothing and mails nobody twice.
    expect((await require2fa(owner.token, 3)).statusCode).toBe(200);
    expect(await mailsTo(member.user.email, 'two_factor_required')).toHaveLength(1);
  });

  it('is the owner’s alone, and refuses a grace outside 0–30 days by name', async () => {
    const { owner, member } = await team();
    expect((await call(member.token, 'GET', '/api/account/security')).statusCode).toBe(403);
    expect((await require2fa(member.token)).statusCode).toBe(403);
    const long = await require2fa(owner.token, 31);
    expect(long.statusCode).toBe(400);
    expect(long.json().inputError).toBe('grace_days');
  });
});

describe('the deadline', () => {
  it('keeps a member without 2FA to setting it up, in that account only, until they do', async () => {
    const { owner, member } = await team();
    // The same person also owns a second account, which requires nothing.
    const elsewhere = await createAccount(db());
    await db()
      .insert(accountUsers)
      .values({ accountId: elsewhere.id, userId: member.user.id, permission: 'owner' });
    expect((await require2fa(owner.token, 2)).statusCode).toBe(200);

    // In grace: everything works, and the current user carries the deadline for the banner.
    const inGrace = await call(member.token, 'GET', '/api/account');
    expect(inGrace.statusCode).toBe(200);
    const me = await call(member.token, 'GET', '/api/user');
    expect(me.json().data.two_factor_deadline).toBe(
      new Date(clock.getTime() + 2 * DAY).toISOString(),
    );

    advance(2 * DAY);
    // Signing in still works (it is how they get to set 2FA up); the account is closed to them.
    member.token = await signIn(member.user.email);
    const after = await call(member.token, 'GET', '/api/account');
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ code: '2fa_required' });
    expect(after.json().message).toContain(owner.account.name);
    // What setting 2FA up needs stays open.
    expect((await call(member.token, 'GET', '/api/user')).statusCode).toBe(200);
    const setup = await call(member.token, 'PUT', '/api/user/2fa', { '2fa_enabled': true });
    expect(setup.statusCode, setup.body).toBe(200);
    // Their other account, which requires nothing, is theirs as before: switching is open.
    const switched = await call(member.token, 'POST', '/api/auth/switch', {
      account: elsewhere.id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const there = await call(switched.json().data.token, 'GET', '/api/account');
    expect(there.statusCode).toBe(200);
    expect(there.json().data.id).toBe(elsewhere.id);
    // A switch replaces the session: back to the account that requires 2FA, to set it up there.
    const back = await call(switched.json().data.token, 'POST', '/api/auth/switch', {
      account: owner.account.id,
    });
    expect(back.statusCode, back.body).toBe(200);
    member.token = back.json().data.token;

    const code = createTotp(setup.json().data.secret, 'x').generate({
      timestamp: clock.getTime(),
    });
    const confirmed = await call(member.token, 'POST', '/api/user/2fa/verify', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call(member.token, 'GET', '/api/account')).statusCode).toBe(200);
  });

  /**
   * Every member route (the console's aside: its own guard answers first) called once by `token`
   * with an empty body and unknown ids; answers the routes that did not say `2fa_required`.
   * Signing out ends the session the sweep uses, so it goes last.
   */
  async function sweep(token: string): Promise<Set<string>> {
    const routes = listRouteAccess(env.app)
      .filter(
        (route) =>
          route.access !== 'public' &&
          route.access !== 'embed' &&
          !route.url.startsWith('/api/master'),
      )
      .sort((a, b) => Number(a.url === '/api/auth') - Number(b.url === '/api/auth'));
    const open = new Set<string>();
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
      const answer = await call(token, route.method as Method, url, {});
      const json = String(answer.headers['content-type']).startsWith('application/json');
      if (json && answer.json()?.code === '2fa_required') {
        expect(route.openWhile2faDue, `${route.method} ${route.url}`).toBe(false);
        continue;
      }
      open.add(`${route.method} ${route.url}`);
    }
    return open;
  }

  it('answers 2fa_required on every member route but the ones that set 2FA up', async () => {
    const { owner, member } = await team();
    // The member also owns a second account, which requires nothing.
    const elsewhere = await createAccount(db());
    await db()
      .insert(accountUsers)
      .values({ accountId: elsewhere.id, userId: member.user.id, permission: 'owner' });
    const everyRoute = (await sweep(member.token)).size;

    // In grace: nothing is refused for 2FA (the sweep above, before the policy, is the baseline).
    expect((await require2fa(owner.token, 1)).statusCode).toBe(200);
    const inGrace = await signIn(member.user.email);
    expect((await sweep(inGrace)).size).toBe(everyRoute);

    // Past the deadline: only what setting 2FA up needs.
    advance(DAY);
    const after = await sweep(await signIn(member.user.email));
    expect([...after].sort()).toEqual([
      'DELETE /api/auth',
      'GET /api/auth',
      'GET /api/user',
      'GET /api/user/permissions',
      'PATCH /api/user',
      'POST /api/auth/switch',
      'POST /api/user/2fa/verify',
      'PUT /api/user/2fa',
    ]);

    // The same person in the other account, and the compliant owner: nothing refused.
    const switched = await call(await signIn(member.user.email), 'POST', '/api/auth/switch', {
      account: elsewhere.id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await sweep(switched.json().data.token)).size).toBe(everyRoute);
    expect((await sweep(await signIn(owner.user.email))).size).toBe(everyRoute);
  });

  it('mails a reminder a day before, once, and ends the sessions begun before the deadline, once', async () => {
    const { owner, member } = await team();
    const other = await signedInUser(env.app, db(), { permission: 'user' });
    expect((await require2fa(owner.token, 3)).statusCode).toBe(200);
    const unrevoked = (userId: string) =>
      db()
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

    await job();
    expect(await mailsTo(member.user.email, 'two_factor_reminder')).toHaveLength(0);
    advance(2 * DAY + 60_000);
    await job();
    await job();
    const reminders = await mailsTo(member.user.email, 'two_factor_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toContain(owner.account.name);

    // A session made just before the deadline, which the job must end too.
    advance(DAY - 120_000);
    await signIn(member.user.email);
    expect(await unrevoked(member.user.id)).toHaveLength(2);
    advance(120_000);
    // And one made after it, before the job's tick: its owner was shown the setup screen at once,
    // and is left to finish it.
    const after = await signIn(member.user.email);
    expect(await job()).toBe(2);
    expect(await unrevoked(member.user.id)).toHaveLength(1);
    expect((await call(after, 'GET', '/api/auth')).statusCode).toBe(200);
    expect(await job()).toBe(0);
    // The owner's session and another account's member are left alone.
    expect(await unrevoked(owner.user.id)).toHaveLength(1);
    expect(await unrevoked(other.user.id)).toHaveLength(1);
    const [enforced] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, owner.account.id),
          eq(auditEvents.action, 'account.2fa_enforced'),
        ),
      );
    expect(enforced).toMatchObject({ actorType: 'system', changes: { members: 1, sessions: 2 } });
  });

  it('sends no separate reminder when the grace is a day or less', async () => {
    const { owner, member } = await team();
    expect((await require2fa(owner.token, 1)).statusCode).toBe(200);
    advance(DAY / 2);
    await job();
    expect(await mailsTo(member.user.email, 'two_factor_required')).toHaveLength(1);
    expect(await mailsTo(member.user.email, 'two_factor_reminder')).toHaveLength(0);
  });
});

describe('while an account requires it', () => {
  it('lets an invitee join, and then open nothing there but setting 2FA up', async () => {
    const { owner } = await team();
    expect((await require2fa(owner.token, 0)).statusCode).toBe(200);
    const email = uniqueEmail('invitee');
    const invite = await createInvite(db(), {
      accountId: owner.account.id,
      email,
      permission: 'user',
    });
    const joined = await joinWithInvite(env.app, email, invite.token);
    expect(joined.statusCode, joined.body).toBe(201);
    const { token, two_factor_deadline } = joined.json().data;
    expect(Date.parse(two_factor_deadline)).toBeLessThanOrEqual(clock.getTime());
    const refused = await call(token, 'GET', '/api/account/plans');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('2fa_required');
    expect((await call(token, 'PUT', '/api/user/2fa', { '2fa_enabled': true })).statusCode).toBe(
      200,
    );
  });

  it('tells an invitee before they join, and counts open invitations for the owner', async () => {
    const { owner } = await team();
    const before = uniqueEmail('before');
    const inviteOf = (email: string) =>
      call(owner.token, 'POST', '/api/invite', { email, permission: 'user' });
    expect((await inviteOf(before)).statusCode).toBe(201);
    expect((await require2fa(owner.token, 7)).statusCode).toBe(200);
    const after = uniqueEmail('after');
    expect((await inviteOf(after)).statusCode).toBe(201);
    const mailOf = async (email: string) => {
      const [mail] = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.template, 'invite')));
      return mail?.text ?? '';
    };
    expect(await mailOf(after)).toContain('requires two-factor authentication');
    expect(await mailOf(before)).not.toContain('two-factor');
    const shownAnswer = await call(owner.token, 'GET', '/api/account/security');
    expect(shownAnswer.statusCode, shownAnswer.body).toBe(200);
    const shown = shownAnswer.json().data;
    expect(shown.pending_invitations).toBe(2);
    // An invitation that expired is no longer waiting on anyone.
    await db()
      .update(invites)
      .set({ expiresAt: new Date(clock.getTime() - 1) })
      .where(eq(invites.email, before));
    const later = await call(owner.token, 'GET', '/api/account/security');
    expect(later.json().data.pending_invitations).toBe(1);
  });

  it('refuses to turn a member’s 2FA off, naming the account; turning the policy off lifts it all', async () => {
    const { owner, secret } = await team();
    expect((await require2fa(owner.token, 0)).statusCode).toBe(200);
    const code = () => createTotp(secret, 'x').generate({ timestamp: clock.getTime() });
    const off = await call(owner.token, 'PUT', '/api/user/2fa', {
      '2fa_enabled': false,
      code: code(),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toContain(owner.account.name);

    const lifted = await call(owner.token, 'PATCH', '/api/account/security', {
      require_2fa: false,
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data).toMatchObject({ require_2fa: false, deadline: null });
    advance(31_000);
    const offNow = await call(owner.token, 'PUT', '/api/user/2fa', {
      '2fa_enabled': false,
      code: code(),
    });
    expect(offNow.statusCode, offNow.body).toBe(200);
  });

  it('stops the keys of a member without 2FA at the deadline, until they turn it on', async () => {
    const { owner } = await team();
    const developer = await signedInUser(env.app, db(), {
      permission: 'developer',
      account: owner.account,
    });
    const newKey = async (token: string) => {
      const created = await call(token, 'POST', '/api/key', {
        name: 'Warehouse sync',
        scope: ['report.read', 'report.export'],
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().data as { id: string; key: string };
    };
    const ownersKey = await newKey(owner.token);
    const developersKey = await newKey(developer.token);
    const RANGE = 'from=2026-10-01&to=2026-10-31&dimension=advertiser';
    const byKey = (key: string, url: string) =>
      env.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${key}` },
        remoteAddress: randomIp(),
      });
    const pausedOnList = async () =>
      Object.fromEntries(
        ((await call(owner.token, 'GET', '/api/key')).json().data as ApiKey[]).map((key) => [
          key.id,
          key.two_factor_required,
        ]),
      );

    // In grace, every key works as before.
    expect((await require2fa(owner.token, 7)).statusCode).toBe(200);
    expect((await byKey(developersKey.key, `/api/reports?${RANGE}`)).statusCode).toBe(200);
    expect(await pausedOnList()).toEqual({ [ownersKey.id]: false, [developersKey.id]: false });

    // Past the deadline (a grace of 0 moves it to when the policy was turned on).
    expect((await require2fa(owner.token, 0)).statusCode).toBe(200);
    for (const url of [`/api/reports?${RANGE}`, `/api/reports.csv?${RANGE}`]) {
      const refused = await byKey(developersKey.key, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: '2fa_required' });
      expect(refused.json().message).toBe(
        `${owner.account.name} requires two-factor authentication, and whoever created this API key has not turned it on. The key works again once they do.`,
      );
    }
    // The owner has 2FA: their key is untouched, and the list says which key stopped, and why.
    expect((await byKey(ownersKey.key, `/api/reports.csv?${RANGE}`)).statusCode).toBe(200);
    expect(await pausedOnList()).toEqual({ [ownersKey.id]: false, [developersKey.id]: true });
    const [denied] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.accountId, owner.account.id), eq(auditEvents.action, 'api_key.denied')),
      );
    expect(denied?.changes).toMatchObject({ reason: 'error.key_two_factor_required' });

    await enableTwoFactor(db(), developer.user.id);
    expect((await byKey(developersKey.key, `/api/reports?${RANGE}`)).statusCode).toBe(200);
    expect(await pausedOnList()).toEqual({ [ownersKey.id]: false, [developersKey.id]: false });
  });
});
