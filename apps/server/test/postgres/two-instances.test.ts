import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client';
import { users } from '../../src/db/schema/index';
import { mintImpersonationToken } from '../../src/features/auth/impersonation.service';
import { buildTestApp } from '../build-test-app';
import { createAccount, createUser, supportAllowed } from '../factories';
import { bearer, enableTwoFactor, signedInUser, xsrfHeaders } from '../identity-helpers';

// Two instances of the app on one PostgreSQL, each with its own session cache: what one instance
// (or any other process) writes is refused or shown on the other within a second, through the
// triggers' NOTIFY alone — neither instance sees the other's statements.
const WITHIN_MS = 1_000;
let a: { app: FastifyInstance; database: Database };
let b: { app: FastifyInstance; database: Database };

async function instance() {
  const database = openPostgres(inject('postgresUrl'));
  const { app } = await buildTestApp(database);
  return { app, database };
}

beforeAll(async () => {
  a = await instance();
  b = await instance();
});

afterAll(async () => {
  for (const side of [a, b]) {
    await side?.app.close();
    await side?.database.close();
  }
});

const me = (side: { app: FastifyInstance }, token: string) =>
  side.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

/** Polls until `check` holds; answers how long it took, or fails after WITHIN_MS. */
async function within(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= WITHIN_MS) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not seen within ${WITHIN_MS} ms`);
}

describe('two instances on one PostgreSQL', () => {
  it('accepts on B a session made on A, and refuses it on B once A signs it out', async () => {
    const user = await signedInUser(a.app, a.database.db);
    expect((await me(b, user.token)).statusCode).toBe(200);
    expect((await me(b, user.token)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'DELETE',
      url: '/api/auth',
      headers: bearer(user.token),
    });
    expect(out.statusCode).toBe(200);
    await within(async () => (await me(b, user.token)).statusCode === 401);
  });

  it("refuses on B a member that A's admin removed, and one whose permission changed", async () => {
    const account = await createAccount(a.database.db);
    const admin = await signedInUser(a.app, a.database.db, { account, permission: 'admin' });
    const removed = await signedInUser(a.app, a.database.db, { account, permission: 'user' });
    const edited = await signedInUser(a.app, a.database.db, { account, permission: 'user' });
    for (const member of [removed, edited])
      expect((await me(b, member.token)).statusCode).toBe(200);

    const removal = await a.app.inject({
      method: 'DELETE',
      url: `/api/user/${removed.user.id}`,
      headers: bearer(admin.token),
    });
    expect(removal.statusCode).toBe(200);
    const edit = await a.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(admin.token),
      payload: { id: edited.user.id, permission: 'developer' },
    });
    expect(edit.statusCode).toBe(200);
    await within(async () => (await me(b, removed.token)).statusCode === 401);
    await within(async () => (await me(b, edited.token)).statusCode === 401);
  });

  it('shows on B a profile change made on A', async () => {
    const user = await signedInUser(a.app, a.database.db);
    expect((await me(b, user.token)).json().data.first_name).toBe('Test');
    const patched = await a.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { first_name: 'Moved' },
    });
    expect(patched.statusCode).toBe(200);
    await within(async () => (await me(b, user.token)).json().data.first_name === 'Moved');
  });

  it('refuses on B a support session once the user turned support access off on A', async () => {
    const { user: master } = await createUser(a.database.db, { permission: 'master' });
    // Operators impersonate only with 2FA on, and give a reason (docs/security.md).
    await enableTwoFactor(a.database.db, master.id);
    const user = await signedInUser(a.app, a.database.db, { permission: 'owner' });
    await a.database.db.update(users).set(supportAllowed()).where(eq(users.id, user.user.id));
    const { token } = await mintImpersonationToken(a.database.db, {
      masterEmail: master.email,
      targetEmail: user.user.email,
      reason: 'Ticket 812: invoices missing',
    });
    const redeemed = await a.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: xsrfHeaders,
      payload: { token },
    });
    const support = redeemed.json().data.token as string;
    expect((await me(b, support)).statusCode).toBe(200);
    const off = await a.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { support_enabled: false },
    });
    expect(off.statusCode).toBe(200);
    await within(async () => (await me(b, support)).statusCode === 401);
    expect((await me(b, user.token)).statusCode).toBe(200);
  });

  it('refuses on both a user disabled by another process (the admin command, a console)', async () => {
    const user = await signedInUser(a.app, a.database.db);
    for (const side of [a, b]) expect((await me(side, user.token)).statusCode).toBe(200);
    const outside = new pg.Client({ connectionString: inject('postgresUrl') });
    await outside.connect();
    try {
      await outside.query('update users set disabled = true where id = $1', [user.user.id]);
    } finally {
      await outside.end();
    }
    for (const side of [a, b])
      await within(async () => (await me(side, user.token)).statusCode === 401);
  });

  it('answers from the database while its listener is down, and listens again', async () => {
    const user = await signedInUser(a.app, a.database.db);
    expect((await me(b, user.token)).statusCode).toBe(200);
    const pid = b.database.changes.listenerPid;
    expect(pid).not.toBeNull();
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await within(async () => !b.database.changes.live);
      // Written while nobody on B listens: B must not answer from what it cached before.
      await admin.query('update users set first_name = $1 where id = $2', [
        'Unheard',
        user.user.id,
      ]);
      expect((await me(b, user.token)).json().data.first_name).toBe('Unheard');
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await within(async () => b.database.changes.live);
    expect(b.database.changes.listenerPid).not.toBe(pid);
    await a.database.db.update(users).set({ firstName: 'Heard' }).where(eq(users.id, user.user.id));
    await within(async () => (await me(b, user.token)).json().data.first_name === 'Heard');
  });

  it('refuses on B an API key that A revoked, rolled out or whose creator A demoted', async () => {
    const account = await createAccount(a.database.db);
    const owner = await signedInUser(a.app, a.database.db, { account, permission: 'owner' });
    const developer = await signedInUser(a.app, a.database.db, {
      account,
      permission: 'developer',
    });
    const make = async (token: string) => {
      const answer = await a.app.inject({
        method: 'POST',
        url: '/api/key',
        headers: bearer(token),
        payload: { name: 'sync', scope: ['account.read'] },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().data as { id: string; key: string };
    };
    const viaKey = (key: string) =>
      b.app.inject({
        method: 'GET',
        url: '/api/account',
        headers: { authorization: `Bearer ${key}` },
      });
    const revoked = await make(owner.token);
    const rolled = await make(owner.token);
    const demoted = await make(developer.token);
    for (const key of [revoked, rolled, demoted])
      expect((await viaKey(key.key)).statusCode).toBe(200);

    await a.app.inject({
      method: 'PATCH',
      url: `/api/key/${revoked.id}`,
      headers: bearer(owner.token),
      payload: { active: false },
    });
    await within(async () => (await viaKey(revoked.key)).statusCode === 401);

    const roll = await a.app.inject({
      method: 'POST',
      url: `/api/key/${rolled.id}/roll`,
      headers: bearer(owner.token),
      payload: { overlap: '0' },
    });
    await within(async () => (await viaKey(rolled.key)).statusCode === 401);
    expect((await viaKey(roll.json().data.key)).statusCode).toBe(200);

    await a.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(owner.token),
      payload: { id: developer.user.id, permission: 'user' },
    });
    await within(async () => (await viaKey(demoted.key)).statusCode === 403);
  });
});
