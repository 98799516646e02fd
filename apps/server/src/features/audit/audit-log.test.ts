import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index';
import { verifyAuditChain } from '../../lib/audit-verify';
import { createAccount } from '../../../test/factories';
import {
  bearer,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const rowsOf = (accountId: string, action?: string) =>
  env.database.db
    .select()
    .from(auditEvents)
    .where(
      action
        ? and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action))
        : eq(auditEvents.accountId, accountId),
    )
    // Written order: without it PostgreSQL may return a busy table's rows in any order.
    .orderBy(auditEvents.id);

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  env.app.inject({
    method,
    url,
    headers: bearer(token),
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

async function owner() {
  const account = await createAccount(env.database.db, { name: 'Audited' });
  return signedInUser(env.app, env.database.db, { permission: 'owner', account });
}

describe('the audit log records', () => {
  it('one row per key change, with before and after, and none for a change refused', async () => {
    const { token, account, user } = await owner();
    const created = await call(token, 'POST', '/api/key', {
      name: 'Sync',
      scope: ['account.read'],
    });
    const { id } = created.json().data as { id: string };
    await call(token, 'PATCH', `/api/key/${id}`, { scope: ['account.read', 'user.read'] });
    await call(token, 'POST', `/api/key/${id}/roll`, { overlap: '0' });
    await call(token, 'PATCH', `/api/key/${id}`, { active: false });
    const refused = await call(token, 'PATCH', `/api/key/${id}`, { name: 'Again' });
    expect(refused.statusCode).toBe(409);
    await call(token, 'DELETE', `/api/key/${id}`);

    const rows = (await rowsOf(account.id)).filter((row) => row.action.startsWith('api_key.'));
    expect(rows.map((row) => row.action)).toEqual([
      'api_key.created',
      'api_key.updated',
      'api_key.rolled',
      'api_key.revoked',
      'api_key.deleted',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorType: 'user',
        actorId: user.id,
        actorLabel: user.email,
        targetType: 'api_key',
        targetId: id,
        outcome: 'success',
      });
      expect(row.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(rows[1]!.changes).toMatchObject({
      before: { scope: ['account.read'] },
      after: { scope: ['account.read', 'user.read'] },
    });
    // The whole secret is in no audit row.
    expect(JSON.stringify(rows)).not.toContain(created.json().data.key);
    expect((await verifyAuditChain(env.database.db, account.id)).broken).toBeNull();
  });

  it('a key refused for a scope it lacks, as denied', async () => {
    const { token, account } = await owner();
    const { key, id } = (
      await call(token, 'POST', '/api/key', { name: 'Reader', scope: ['account.read'] })
    ).json().data as { key: string; id: string };
    const denied = await env.app.inject({
      method: 'GET',
      url: '/api/account/users',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(denied.statusCode).toBe(403);
    const [row] = await rowsOf(account.id, 'api_key.denied');
    expect(row).toMatchObject({
      actorType: 'api_key',
      actorId: id,
      keyId: id,
      outcome: 'denied',
      targetType: 'route',
      targetId: 'GET /api/account/users',
      changes: { reason: 'error.key_scope', scope: 'user.read' },
    });
  });

  it('sign-in, a wrong password and sign-out', async () => {
    const { account, user, token } = await owner();
    const wrong = await env.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email: user.email, password: 'Wrong-horse-9!' },
    });
    expect(wrong.statusCode).toBe(401);
    await call(token, 'DELETE', '/api/auth');
    const actions = (await rowsOf(account.id)).map((row) => [row.action, row.outcome]);
    expect(actions).toEqual([
      ['auth.signin', 'success'],
      ['auth.signin_failed', 'failure'],
      ['auth.signout', 'success'],
    ]);
    expect(PASSWORD).not.toBe('Wrong-horse-9!');
  });
});

describe('GET /api/audit', () => {
  it('pages and filters the account’s own rows for its admins, and exports them, audited', async () => {
    const { token, account, user } = await owner();
    const other = await owner();
    for (let index = 0; index < 3; index += 1) {
      await call(token, 'POST', '/api/key', { name: `k${index}`, scope: ['account.read'] });
    }
    const page = await call(token, 'GET', '/api/audit?action=api_key.created&page_size=2');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.json().data.rows).toHaveLength(2);
    const byActor = await call(
      token,
      'GET',
      `/api/audit?actor=${encodeURIComponent(user.email.toUpperCase())}`,
    );
    expect(byActor.json().data.total).toBe(4);
    const failures = await call(token, 'GET', '/api/audit?outcome=failure');
    expect(failures.json().data.total).toBe(0);
    const theirs = await call(other.token, 'GET', '/api/audit?action=api_key.created');
    expect(theirs.json().data.total).toBe(0);

    const csv = await call(token, 'GET', '/api/audit.csv?action=api_key.created');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^time,account,actor_type,actor,actor_label/);
    expect(lines).toHaveLength(4);
    const [exported] = await rowsOf(account.id, 'audit.exported');
    expect(exported?.changes).toMatchObject({
      rows: 3,
      format: 'csv',
      filters: { action: 'api_key.created' },
    });

    const json = await call(token, 'GET', '/api/audit.json?action=api_key.created');
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="audit-.+\.json"$/);
    const file = json.json().data;
    expect(file.filters).toEqual({ action: 'api_key.created' });
    expect(file.rows.map((row: { action: string }) => row.action)).toEqual([
      'api_key.created',
      'api_key.created',
      'api_key.created',
    ]);
    // Newest first, like the screen; the JSON export is recorded like the CSV one.
    const times = file.rows.map((row: { at: string }) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
    const exports = await rowsOf(account.id, 'audit.exported');
    expect(exports.map((row) => (row.changes as { format: string }).format)).toEqual([
      'csv',
      'json',
    ]);

    const bad = await call(token, 'GET', '/api/audit?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().inputError).toBe('to');
    // The day after 9999-12-31 is no date PostgreSQL reads: such a day is refused, not a 500.
    const far = await call(token, 'GET', '/api/audit.json?to=9999-12-31');
    expect(far.statusCode, far.body).toBe(400);
    expect(far.json()).toMatchObject({ inputError: 'to', message: expect.stringMatching(/2099/) });
  });

  it('is refused to members below admin', async () => {
    const { account } = await owner();
    const member = await signedInUser(env.app, env.database.db, { permission: 'user', account });
    expect((await call(member.token, 'GET', '/api/audit')).statusCode).toBe(403);
  });
});
