import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_COLUMNS } from '@partner-portal/shared/report-import';
import type { AuditAction } from '@partner-portal/shared/audit';
import { auditEvents, auditRepeats, users } from '../../db/schema/index';
import { verifyAuditChain } from '../../lib/audit-verify';
import { createTotp } from '../user/totp';
import { mintImpersonationToken } from '../auth/impersonation.service';
import { cardToken, postUpgrade } from '../../../test/billing-helpers';
import { createUser, uniqueEmail, supportAllowed } from '../../../test/factories';
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

/**
 * docs/product.md#audit-log: each covered action writes exactly one row, in the change's own
 * transaction; a refused change writes a failure row and never a success; identical reads that
 * move data out within five minutes count into one row.
 */
let clock = new Date();
const env = useTestApp(() => ({ now: () => clock }));
const db = () => env.database.db;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  env.app.inject({
    method,
    url,
    headers: bearer(token),
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

/** The account's rows of `actions`, in written order, with their repeat tally. */
async function rows(accountId: string, ...actions: AuditAction[]) {
  const found = await db()
    .select({ row: auditEvents, repeats: auditRepeats })
    .from(auditEvents)
    .leftJoin(auditRepeats, eq(auditRepeats.eventId, auditEvents.id))
    .where(eq(auditEvents.accountId, accountId))
    .orderBy(auditEvents.id);
  return found
    .filter(({ row }) => actions.length === 0 || actions.includes(row.action as AuditAction))
    .map(({ row, repeats }) => ({ ...row, count: 1 + (repeats?.count ?? 0) }));
}

const outcomes = async (accountId: string, ...actions: AuditAction[]) =>
  (await rows(accountId, ...actions)).map((row) => [row.action, row.outcome]);

const owner = () => signedInUser(env.app, db(), { permission: 'owner' });
const codeNow = (secret: string) =>
  createTotp(secret, 'x').generate({ timestamp: clock.getTime() });

describe('credentials', () => {
  it('a password change: a wrong current password fails, the change succeeds, once each', async () => {
    const me = await owner();
    const wrong = await call(me.token, 'PUT', '/api/user/password', {
      oldpassword: 'Not-the-one-9!',
      newpassword: 'Another-horse-2!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await outcomes(me.account.id, 'user.password_changed')).toEqual([
      ['user.password_changed', 'failure'],
    ]);
    const right = await call(me.token, 'PUT', '/api/user/password', {
      oldpassword: PASSWORD,
      newpassword: 'Another-horse-2!',
    });
    expect(right.statusCode).toBe(200);
    const written = await rows(me.account.id, 'user.password_changed');
    expect(written.map((row) => row.outcome)).toEqual(['failure', 'success']);
    expect(written[1]).toMatchObject({
      actorId: me.user.id,
      actorLabel: me.user.email,
      targetType: 'user',
      targetId: me.user.id,
    });
    // Nothing secret in the row: not the old password, not the new one.
    expect(JSON.stringify(written)).not.toMatch(/horse/);
  });

  it('2FA on and off: a wrong code is a failure row, the change a success row', async () => {
    const me = await owner();
    const setup = (await call(me.token, 'PUT', '/api/user/2fa', { '2fa_enabled': true })).json()
      .data as { secret: string };
    expect(
      (await call(me.token, 'POST', '/api/user/2fa/verify', { code: '000000' })).statusCode,
    ).toBe(400);
    const on = await call(me.token, 'POST', '/api/user/2fa/verify', {
      code: codeNow(setup.secret),
    });
    expect(on.statusCode).toBe(200);
    advance(30_000);
    const off = await call(me.token, 'PUT', '/api/user/2fa', {
      '2fa_enabled': false,
      code: codeNow(setup.secret),
    });
    expect(off.statusCode).toBe(200);
    expect(await outcomes(me.account.id, 'user.2fa_enabled', 'user.2fa_disabled')).toEqual([
      ['user.2fa_enabled', 'failure'],
      ['user.2fa_enabled', 'success'],
      ['user.2fa_disabled', 'success'],
    ]);
  });

  it('support access and an e-mail change, with before and after', async () => {
    const me = await owner();
    await call(me.token, 'PATCH', '/api/user', { support_enabled: true });
    // Given again while on is a new consent with a new end: a row of its own.
    await call(me.token, 'PATCH', '/api/user', { support_enabled: true, support_days: 30 });
    await call(me.token, 'PATCH', '/api/user', { support_enabled: false });
    // Off while off is no change, and no row.
    await call(me.token, 'PATCH', '/api/user', { support_enabled: false, first_name: 'Ada' });
    const newEmail = uniqueEmail('moved');
    const moved = await call(me.token, 'PATCH', '/api/user', {
      email: newEmail,
      password: PASSWORD,
    });
    expect(moved.statusCode).toBe(200);
    const written = await rows(me.account.id, 'user.support_access_changed', 'user.email_changed');
    expect(written.map((row) => [row.action, row.changes])).toEqual([
      ['user.support_access_changed', { before: false, after: true, until: expect.any(String) }],
      ['user.support_access_changed', { before: true, after: true, until: expect.any(String) }],
      ['user.support_access_changed', { before: true, after: false, until: null }],
      ['user.email_changed', { stage: 'requested', from: me.user.email, to: newEmail }],
    ]);
  });
});

describe('the team', () => {
  it('invites: created, resent, revoked, accepted', async () => {
    const me = await owner();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const sent = await call(me.token, 'POST', '/api/invite', {
      email: `${first}, ${second}`,
      permission: 'user',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await call(me.token, 'POST', '/api/invite', { email: first, permission: 'admin' });
    const invites = (await call(me.token, 'GET', '/api/account/users')).json().data.invites as {
      id: string;
      email: string;
    }[];
    const secondInvite = invites.find((invite) => invite.email === second)!;
    expect((await call(me.token, 'DELETE', `/api/invite/${secondInvite.id}`)).statusCode).toBe(200);
    const mail = await lastMailTo(db(), first, 'invite');
    const inviteId = /[?&]id=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const joined = await env.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: {
        invite_id: inviteId,
        email: first,
        first_name: 'First',
        last_name: 'Joiner',
        password: PASSWORD,
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const written = await rows(
      me.account.id,
      'invite.created',
      'invite.resent',
      'invite.revoked',
      'invite.accepted',
    );
    expect(written.map((row) => [row.action, row.changes?.email ?? null])).toEqual([
      ['invite.created', first],
      ['invite.created', second],
      ['invite.resent', first],
      ['invite.revoked', second],
      ['invite.accepted', null],
    ]);
    expect(written[4]).toMatchObject({ actorLabel: first, changes: { permission: 'admin' } });
  });

  it('a member changed, with before and after, then removed; a refused change writes nothing', async () => {
    const me = await owner();
    const { user: member } = await createUser(db(), { account: me.account, permission: 'user' });
    const refused = await call(me.token, 'PATCH', '/api/user', {
      id: me.user.id,
      permission: 'admin',
    });
    expect(refused.statusCode).toBe(403);
    await call(me.token, 'PATCH', '/api/user', { id: member.id, permission: 'admin' });
    await call(me.token, 'DELETE', `/api/user/${member.id}`);
    const written = await rows(me.account.id, 'member.updated', 'member.removed');
    expect(written.map((row) => [row.action, row.targetId])).toEqual([
      ['member.updated', member.id],
      ['member.removed', member.id],
    ]);
    expect(written[0]!.changes).toMatchObject({
      before: { permission: 'user' },
      after: { permission: 'admin' },
    });
  });
});

describe('plans, cards and closing', () => {
  it('an upgrade paid, a declined card as a failure with no success, a new card', async () => {
    const me = await owner();
    const declined = await postUpgrade(env.app, me.token, {
      plan: 'free_plus',
      token: await cardToken(env.app, me.token, '4000 0000 0000 0002'),
    });
    expect(declined.statusCode).toBe(400);
    expect(await outcomes(me.account.id, 'account.plan_changed')).toEqual([
      ['account.plan_changed', 'failure'],
    ]);
    const paid = await postUpgrade(env.app, me.token, {
      plan: 'free_plus',
      token: await cardToken(env.app, me.token),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const card = await call(me.token, 'PUT', '/api/account/billing/card', {
      token: await cardToken(env.app, me.token, '5555 5555 5555 4444'),
    });
    expect(card.statusCode, card.body).toBe(200);
    const written = await rows(me.account.id, 'account.plan_changed', 'account.card_updated');
    expect(written.map((row) => [row.action, row.outcome])).toEqual([
      ['account.plan_changed', 'failure'],
      ['account.plan_changed', 'success'],
      ['account.card_updated', 'success'],
    ]);
    expect(written[0]!.changes).toMatchObject({ reason: 'card_declined', plan: 'free_plus' });
    expect(written[1]!.changes).toMatchObject({ after: { plan: 'free_plus', status: 'active' } });
    expect(written[2]!.changes).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it('a downgrade scheduled for the period end', async () => {
    const me = await owner();
    await postUpgrade(env.app, me.token, {
      plan: 'free_plus',
      token: await cardToken(env.app, me.token),
    });
    expect(
      (await call(me.token, 'POST', '/api/account/plan', { plan: 'free_core' })).statusCode,
    ).toBe(200);
    const [scheduled] = await rows(me.account.id, 'account.plan_scheduled');
    expect(scheduled).toMatchObject({
      outcome: 'success',
      changes: { plan: 'free_plus', scheduled: 'free_core' },
    });
  });

  it('closing: a wrong password fails, the close succeeds; a member leaving is in the log too', async () => {
    const me = await owner();
    const member = await signedInUser(env.app, db(), { account: me.account, permission: 'user' });
    expect(
      (await call(member.token, 'DELETE', '/api/user', { password: PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await call(me.token, 'DELETE', '/api/account', { password: 'Not-the-one-9!' })).statusCode,
    ).toBe(400);
    expect(
      (await call(me.token, 'DELETE', '/api/account', { password: PASSWORD })).statusCode,
    ).toBe(200);
    expect(await outcomes(me.account.id, 'user.closed', 'account.closed')).toEqual([
      ['user.closed', 'success'],
      ['account.closed', 'failure'],
      ['account.closed', 'success'],
    ]);
  });
});

describe('support sessions', () => {
  async function impersonated() {
    const { user: master } = await createUser(db(), { permission: 'master' });
    await enableTwoFactor(db(), master.id);
    const target = await owner();
    await db().update(users).set(supportAllowed()).where(eq(users.id, target.user.id));
    const { token } = await mintImpersonationToken(db(), {
      masterEmail: master.email,
      targetEmail: target.user.email,
      reason: 'Ticket 4411: dashboard empty',
    });
    const session = await env.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { token },
    });
    expect(session.statusCode).toBe(200);
    return { master, target, token: session.json().data.token as string };
  }

  it('records the start with its reason, every call (reads counted), refusals, and the end', async () => {
    const { master, target, token } = await impersonated();
    await call(token, 'GET', '/api/user');
    await call(token, 'GET', '/api/user');
    await call(token, 'PATCH', '/api/user', { first_name: 'Helped' });
    await call(token, 'PUT', '/api/user/password', {
      oldpassword: PASSWORD,
      newpassword: 'Another-horse-2!',
    });
    await call(token, 'DELETE', '/api/auth');
    const written = await rows(
      target.account.id,
      'impersonation.started',
      'impersonation.request',
      'impersonation.ended',
    );
    expect(written.map((row) => [row.action, row.targetId, row.outcome, row.count])).toEqual([
      ['impersonation.started', target.user.id, 'success', 1],
      ['impersonation.request', 'GET /api/user', 'success', 2],
      ['impersonation.request', 'PATCH /api/user', 'success', 1],
      ['impersonation.request', 'PUT /api/user/password', 'denied', 1],
      ['impersonation.ended', expect.any(String), 'success', 1],
      ['impersonation.request', 'DELETE /api/auth', 'success', 1],
    ]);
    expect(written[0]).toMatchObject({
      actorType: 'master',
      actorId: master.id,
      changes: { reason: 'Ticket 4411: dashboard empty' },
    });
    // The calls name the user acted as, and the operator on whose behalf.
    expect(written[1]).toMatchObject({ actorId: target.user.id, onBehalfOf: master.id });
  });

  it('refuses a link whose user turned support access off after it was made', async () => {
    const { user: master } = await createUser(db(), { permission: 'master' });
    await enableTwoFactor(db(), master.id);
    const target = await owner();
    await db().update(users).set(supportAllowed()).where(eq(users.id, target.user.id));
    const { token } = await mintImpersonationToken(db(), {
      masterEmail: master.email,
      targetEmail: target.user.email,
      reason: 'Ticket 4412: a link left unused',
    });
    await db().update(users).set({ supportUntil: null }).where(eq(users.id, target.user.id));
    const refused = await env.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { token },
    });
    expect(refused.statusCode).toBe(404);
    expect(await rows(target.account.id, 'impersonation.started')).toEqual([]);
  });
});

describe('reads that move data out', () => {
  it('a dashboard opened twice within five minutes is one row of two, and again after is a new row', async () => {
    const me = await owner();
    const workbooks = (await call(me.token, 'GET', '/api/sigma/workbook')).json().data as {
      workbookId: string;
    }[];
    const open = () =>
      call(me.token, 'POST', '/api/sigma/workbook/embed', {
        workbook_id: workbooks[0]!.workbookId,
      });
    expect((await open()).statusCode).toBe(200);
    advance(60_000);
    await open();
    advance(5 * 60_000);
    await open();
    const written = await rows(me.account.id, 'dashboard.viewed');
    expect(written.map((row) => [row.targetId, row.count])).toEqual([
      [workbooks[0]!.workbookId, 2],
      [workbooks[0]!.workbookId, 1],
    ]);
  });

  it('a report export, and imports: refused as a failure, loaded as a success', async () => {
    const me = await owner();
    const csv = await call(
      me.token,
      'GET',
      '/api/reports.csv?dimension=advertiser&from=2026-01-01&to=2026-01-31',
    );
    expect(csv.statusCode).toBe(200);
    const upload = (body: string) =>
      env.app.inject({
        method: 'POST',
        url: '/api/account/data/imports?name=jan.csv',
        headers: { ...bearer(me.token), 'content-type': 'text/csv' },
        remoteAddress: randomIp(),
        payload: body,
      });
    const header = REPORT_COLUMNS.join(',');
    expect((await upload(`${header}\nnot,a,row\n`)).statusCode).toBe(400);
    expect(
      (await upload(`${header}\n2026-01-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00\n`))
        .statusCode,
    ).toBe(201);
    const written = await rows(me.account.id, 'report.exported', 'report.imported');
    expect(written.map((row) => [row.action, row.outcome, row.changes])).toEqual([
      ['report.exported', 'success', { from: '2026-01-01', to: '2026-01-31', rows: 0 }],
      ['report.imported', 'failure', { file: 'jan.csv', problems: expect.any(Number) }],
      ['report.imported', 'success', { file: 'jan.csv', rows: 1 }],
    ]);
    expect((await verifyAuditChain(db(), me.account.id)).broken).toBeNull();
  });
});
