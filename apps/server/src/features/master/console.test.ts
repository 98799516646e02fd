import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ConsoleAccountDetailSchema, ConsoleEventListSchema } from '@partner-portal/shared/master';
import { auditEvents, events, feedback, users } from '../../db/schema/index';
import { createTotp } from '../user/totp';
import { payingOwner } from '../../../test/billing-helpers';
import { createAccount, createUser, supportAllowed } from '../../../test/factories';
import {
  bearer,
  enableTwoFactor,
  lastMailTo,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

/** docs/product.md#operator-console and docs/security.md#operator-console, through the API. */
let clock = new Date();
const env = useTestApp(() => ({ now: () => clock }));
const db = () => env.database.db;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  env.app.inject({
    method,
    url,
    headers: bearer(token),
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

/** A signed-in master; with 2FA on unless asked otherwise (its secret, to make codes). */
async function master(options: { twoFactor?: boolean } = {}) {
  const signedIn = await signedInUser(env.app, db(), { permission: 'master' });
  const secret = options.twoFactor === false ? null : await enableTwoFactor(db(), signedIn.user.id);
  return { ...signedIn, secret };
}

const codeFor = (secret: string) =>
  createTotp(secret, 'x').generate({ timestamp: clock.getTime() });
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

async function steppedUp() {
  const operator = await master();
  const answer = await call(operator.token, 'POST', '/api/master/step-up', {
    code: codeFor(operator.secret!),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return operator;
}

describe('who opens the console', () => {
  it('is a master with 2FA on: others get 403, a master without 2FA is told to turn it on', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    expect((await call(owner.token, 'GET', '/api/master/overview')).statusCode).toBe(403);
    const bare = await master({ twoFactor: false });
    const session = await call(bare.token, 'GET', '/api/master/session');
    expect(session.json().data).toEqual({ two_factor: false, stepped_up_until: null });
    const refused = await call(bare.token, 'GET', '/api/master/accounts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'master_2fa_required' });
    const ready = await master();
    expect((await call(ready.token, 'GET', '/api/master/accounts')).statusCode).toBe(200);
  });

  it('asks a fresh code for sensitive actions, which opens them for ten minutes only', async () => {
    const operator = await master();
    const account = await createAccount(db());
    const disable = () =>
      call(operator.token, 'POST', `/api/master/accounts/${account.id}/disable`);
    const first = await disable();
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({ code: 'step_up_required' });
    const wrong = await call(operator.token, 'POST', '/api/master/step-up', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const right = await call(operator.token, 'POST', '/api/master/step-up', {
      code: codeFor(operator.secret!),
    });
    expect(right.statusCode).toBe(200);
    expect(Date.parse(right.json().data.stepped_up_until)).toBe(clock.getTime() + 10 * 60_000);
    expect((await disable()).statusCode).toBe(200);
    advance(10 * 60_000 + 1);
    expect((await disable()).json()).toMatchObject({ code: 'step_up_required' });
    const steps = await db()
      .select({ outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'master.stepped_up'), eq(auditEvents.actorId, operator.user.id)),
      )
      .orderBy(auditEvents.id);
    expect(steps.map((row) => row.outcome)).toEqual(['failure', 'success']);
  });

  it('refuses API keys on every console route', async () => {
    const routes = (await import('../../lib/auth-guard'))
      .listRouteAccess(env.app)
      .filter((route) => route.url.startsWith('/api/master'));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((route) => route.scope !== null)).toEqual([]);
    expect(
      routes.every((route) => JSON.stringify(route.access) === '{"permission":"master"}'),
    ).toBe(true);
  });
});

describe('accounts', () => {
  it('finds an account by name, owner e-mail or id, and shows it whole', async () => {
    const operator = await master();
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    await createUser(db(), { account: owner.account, permission: 'user' });
    for (const q of [
      owner.account.name.slice(-4),
      owner.user.email.toUpperCase(),
      owner.account.id,
    ]) {
      const found = await call(
        operator.token,
        'GET',
        `/api/master/accounts?q=${encodeURIComponent(q)}`,
      );
      expect(found.statusCode).toBe(200);
      expect(found.json().data.rows.map((row: { id: string }) => row.id)).toContain(
        owner.account.id,
      );
    }
    const detail = await call(operator.token, 'GET', `/api/master/accounts/${owner.account.id}`);
    expect(detail.statusCode).toBe(200);
    const parsed = ConsoleAccountDetailSchema.parse(detail.json().data);
    expect(parsed.account).toMatchObject({ owner_email: owner.user.email, seats: 2, mrr: 0 });
    expect(parsed.members.map((member) => member.permission).sort()).toEqual(['owner', 'user']);
    expect(parsed.audit.map((row) => row.action)).toContain('auth.signin');
    expect((await call(operator.token, 'GET', '/api/master/accounts/nope')).statusCode).toBe(404);
  });

  it('disables an account: its sessions stop, sign-in says so; enabling lets them back', async () => {
    const operator = await steppedUp();
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    await call(operator.token, 'POST', `/api/master/accounts/${owner.account.id}/disable`);
    expect((await call(owner.token, 'GET', '/api/user')).statusCode).toBe(401);
    const signIn = () =>
      env.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: xsrfHeaders,
        remoteAddress: randomIp(),
        payload: { email: owner.user.email, password: PASSWORD },
      });
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/disabled/);
    await call(operator.token, 'POST', `/api/master/accounts/${owner.account.id}/enable`);
    expect((await signIn()).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, owner.account.id),
          eq(auditEvents.action, 'account.disabled'),
        ),
      );
    expect(row).toMatchObject({ actorType: 'master', actorId: operator.user.id });
  });

  it('changes a plan through the provider, cancels a subscription, and needs the card for a paid plan', async () => {
    const operator = await steppedUp();
    const free = await createUser(db(), { permission: 'owner' });
    const paid = await call(
      operator.token,
      'POST',
      `/api/master/accounts/${free.account.id}/plan`,
      {
        plan: 'free_plus',
      },
    );
    expect(paid.statusCode).toBe(409);
    const paying = await payingOwner(env.app, db());
    const down = await call(
      operator.token,
      'POST',
      `/api/master/accounts/${paying.account.id}/plan`,
      {
        plan: 'free_core',
      },
    );
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().message).toMatch(/end of its period/);
    const cancel = await call(
      operator.token,
      'POST',
      `/api/master/accounts/${paying.account.id}/cancel`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const detail = ConsoleAccountDetailSchema.parse(
      (await call(operator.token, 'GET', `/api/master/accounts/${paying.account.id}`)).json().data,
    );
    expect(detail.account).toMatchObject({ plan: 'free_core', mrr: 0 });
    // The owner is told the account is on Core now.
    expect((await lastMailTo(db(), paying.user.email, 'plan_updated')).text).toMatch(/Core/);
    const rows = detail.audit.filter((row) => row.actor.type === 'master').map((row) => row.action);
    expect(rows).toEqual(
      expect.arrayContaining(['account.plan_scheduled', 'account.plan_changed']),
    );
  });
});

describe('users', () => {
  it('lists a user with their accounts, sessions, and ends one session', async () => {
    const operator = await master();
    const member = await signedInUser(env.app, db(), { permission: 'admin' });
    const found = await call(operator.token, 'GET', `/api/master/users?q=${member.user.email}`);
    expect(found.json().data.rows).toHaveLength(1);
    expect(found.json().data.rows[0]).toMatchObject({
      email: member.user.email,
      accounts: [{ id: member.account.id, permission: 'admin' }],
      two_factor: false,
    });
    const detail = await call(operator.token, 'GET', `/api/master/users/${member.user.id}`);
    const [session] = detail.json().data.sessions as { id: string }[];
    expect(session).toBeDefined();
    const revoked = await call(
      operator.token,
      'DELETE',
      `/api/master/users/${member.user.id}/sessions/${session!.id}`,
    );
    expect(revoked.statusCode).toBe(200);
    expect((await call(member.token, 'GET', '/api/user')).statusCode).toBe(401);
  });

  it('resets a lost 2FA: off, signed out everywhere, and the user is mailed', async () => {
    const operator = await steppedUp();
    const member = await signedInUser(env.app, db(), { permission: 'user' });
    await enableTwoFactor(db(), member.user.id);
    const reset = await call(
      operator.token,
      'POST',
      `/api/master/users/${member.user.id}/reset-2fa`,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ totpEnabled: false, totpSecretEncrypted: null });
    expect((await call(member.token, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await lastMailTo(db(), member.user.email, 'two_factor_reset')).text).toMatch(
      /two-factor authentication/,
    );
    // Operators are not changed from the console.
    const other = await master();
    expect(
      (await call(operator.token, 'POST', `/api/master/users/${other.user.id}/disable`)).statusCode,
    ).toBe(403);
  });

  it('impersonates only with support access and a reason, and the link opens a support session', async () => {
    const operator = await steppedUp();
    const member = await signedInUser(env.app, db(), { permission: 'owner' });
    const url = `/api/master/users/${member.user.id}/impersonate`;
    expect((await call(operator.token, 'POST', url, { reason: 'x' })).statusCode).toBe(400);
    const closed = await call(operator.token, 'POST', url, { reason: 'Ticket 77: billing' });
    expect(closed.statusCode).toBe(409);
    await db().update(users).set(supportAllowed()).where(eq(users.id, member.user.id));
    const minted = await call(operator.token, 'POST', url, { reason: 'Ticket 77: billing' });
    expect(minted.statusCode).toBe(200);
    const token = new URL(minted.json().data.url).searchParams.get('token');
    const session = await env.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { token },
    });
    expect(session.statusCode).toBe(200);
    const me = await call(session.json().data.token, 'GET', '/api/user');
    expect(me.json().data).toMatchObject({ email: member.user.email, impersonating: true });
    const [started] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, member.account.id),
          eq(auditEvents.action, 'impersonation.started'),
        ),
      );
    expect(started).toMatchObject({
      actorId: operator.user.id,
      changes: { reason: 'Ticket 77: billing' },
    });
  });
});

describe('feedback and events', () => {
  it('filters feedback and triages it', async () => {
    const operator = await master();
    const member = await createUser(db());
    const [row] = await db()
      .insert(feedback)
      .values({
        userId: member.user.id,
        accountId: member.account.id,
        rating: 'negative',
        comment: 'Slow',
      })
      .returning();
    const list = await call(
      operator.token,
      'GET',
      '/api/master/feedback?rating=negative&status=new',
    );
    expect(list.json().data.rows.map((item: { id: string }) => item.id)).toContain(row!.id);
    const triaged = await call(operator.token, 'PATCH', `/api/master/feedback/${row!.id}`, {
      status: 'triaged',
      note: 'Asked for a HAR file',
    });
    expect(triaged.json().data).toMatchObject({
      status: 'triaged',
      note: 'Asked for a HAR file',
      user: { email: member.user.email },
    });
    const after = await call(operator.token, 'GET', '/api/master/feedback?status=new');
    expect(after.json().data.rows.map((item: { id: string }) => item.id)).not.toContain(row!.id);
    expect(
      (await call(operator.token, 'PATCH', `/api/master/feedback/${row!.id}`, {})).statusCode,
    ).toBe(400);
    // A day whose next day JavaScript and PostgreSQL cannot write is refused by name, not a 500.
    for (const path of ['/api/master/feedback', '/api/master/events']) {
      const far = await call(operator.token, 'GET', `${path}?to=9999-12-31`);
      expect(far.statusCode, path).toBe(400);
      expect(far.json().inputError).toBe('to');
    }
  });

  it('counts events per name per day and lists them, filtered by account and e-mail', async () => {
    const operator = await master();
    const member = await createUser(db());
    const day = (offset: number) => new Date(clock.getTime() - offset * 86_400_000);
    await db()
      .insert(events)
      .values([
        {
          name: 'report.viewed',
          userId: member.user.id,
          accountId: member.account.id,
          createdAt: day(0),
        },
        {
          name: 'report.viewed',
          userId: member.user.id,
          accountId: member.account.id,
          createdAt: day(1),
        },
        {
          name: 'help_opened',
          userId: member.user.id,
          accountId: member.account.id,
          createdAt: day(1),
        },
      ]);
    const answer = await call(
      operator.token,
      'GET',
      `/api/master/events?account=${member.account.id}&email=${member.user.email.toUpperCase()}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const list = ConsoleEventListSchema.parse(answer.json().data);
    expect(list.total).toBe(3);
    expect(list.counts.days).toHaveLength(30);
    const viewed = list.counts.names.find((name) => name.name === 'report.viewed');
    expect(viewed?.total).toBe(2);
    expect(viewed?.per_day.slice(-2)).toEqual([1, 1]);
    const bad = await call(operator.token, 'GET', '/api/master/events?name=Bad%20Name');
    expect(bad.statusCode).toBe(400);
  });
});
