import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, sessions, users } from '../../db/schema/index';
import { createUser, supportAllowed } from '../../../test/factories';
import {
  bearer,
  enableTwoFactor,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { mintImpersonationToken } from './impersonation.service';

const env = useTestApp();

const redeem = (token: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { token },
  });

const REASON = 'Ticket 812: invoices missing';

/** An operator with 2FA on, as the console requires, and a user who allowed support access. */
async function supportCase() {
  const { user: master } = await createUser(env.database.db, { permission: 'master' });
  await enableTwoFactor(env.database.db, master.id);
  const { user: target, account } = await createUser(env.database.db, { permission: 'owner' });
  await env.database.db.update(users).set(supportAllowed()).where(eq(users.id, target.id));
  return { master, target, account };
}

describe('impersonation', () => {
  it('signs a master in as a user who allowed support, for at most an hour, recording who', async () => {
    const { master, target, account } = await supportCase();
    const { token } = await mintImpersonationToken(env.database.db, {
      masterEmail: master.email,
      targetEmail: target.email,
      reason: REASON,
    });
    const response = await redeem(token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: target.id, account_id: account.id, impersonating: true });
    const [session] = await env.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, target.id));
    expect(session?.impersonatorId).toBe(master.id);
    expect(
      (session?.expiresAt.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0),
    ).toBeLessThanOrEqual(60 * 60 * 1000);
    expect((await redeem(token)).statusCode).toBe(404);
  });

  it('expires the token after 60 seconds', async () => {
    const { master, target } = await supportCase();
    const { token } = await mintImpersonationToken(env.database.db, {
      masterEmail: master.email,
      targetEmail: target.email,
      reason: REASON,
      now: new Date(Date.now() - 61_000),
    });
    expect((await redeem(token)).statusCode).toBe(404);
  });

  it('is refused to non-masters, against masters, and without support access', async () => {
    const { master, target } = await supportCase();
    const { user: admin } = await createUser(env.database.db, { permission: 'admin' });
    await expect(
      mintImpersonationToken(env.database.db, {
        masterEmail: admin.email,
        targetEmail: target.email,
        reason: REASON,
      }),
    ).rejects.toThrow(/not a master/);
    const { user: otherMaster } = await createUser(env.database.db, { permission: 'master' });
    await env.database.db.update(users).set(supportAllowed()).where(eq(users.id, otherMaster.id));
    await expect(
      mintImpersonationToken(env.database.db, {
        masterEmail: master.email,
        targetEmail: otherMaster.email,
        reason: REASON,
      }),
    ).rejects.toThrow(/cannot be impersonated/);
    const { user: privateUser } = await createUser(env.database.db);
    await expect(
      mintImpersonationToken(env.database.db, {
        masterEmail: master.email,
        targetEmail: privateUser.email,
        reason: REASON,
      }),
    ).rejects.toThrow(/support access/);
  });

  it('is refused once support access has lapsed, and a session never outlasts it', async () => {
    const { master, target } = await supportCase();
    // Ten minutes of consent left: the session ends with it, not an hour from now.
    const until = new Date(Date.now() + 10 * 60_000);
    await env.database.db.update(users).set({ supportUntil: until }).where(eq(users.id, target.id));
    const { token } = await mintImpersonationToken(env.database.db, {
      masterEmail: master.email,
      targetEmail: target.email,
      reason: REASON,
    });
    expect((await redeem(token)).statusCode).toBe(200);
    const [session] = await env.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, target.id));
    expect(session?.expiresAt.getTime()).toBeLessThanOrEqual(until.getTime());
    expect(session?.expiresAt.getTime()).toBeGreaterThan(until.getTime() - 60_000);

    await env.database.db
      .update(users)
      .set({ supportUntil: new Date(Date.now() - 1_000) })
      .where(eq(users.id, target.id));
    await expect(
      mintImpersonationToken(env.database.db, {
        masterEmail: master.email,
        targetEmail: target.email,
        reason: REASON,
      }),
    ).rejects.toThrow(/lapsed/);
  });

  it('records the reason the operator gave with the start of the session', async () => {
    const { master, target, account } = await supportCase();
    const { token } = await mintImpersonationToken(env.database.db, {
      masterEmail: master.email,
      targetEmail: target.email,
      reason: `  ${REASON} `,
    });
    expect((await redeem(token)).statusCode).toBe(200);
    const [started] = await env.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'impersonation.started')),
      );
    expect(started).toMatchObject({ actorId: master.id, changes: { reason: REASON } });
  });

  it('is refused without a reason, or to an operator without 2FA, as the console is', async () => {
    const { master, target } = await supportCase();
    const mint = (reason: string | undefined, masterEmail = master.email) =>
      mintImpersonationToken(env.database.db, { masterEmail, targetEmail: target.email, reason });
    for (const reason of [undefined, '', '   ', 'why', 'x'.repeat(501)]) {
      await expect(mint(reason), String(reason)).rejects.toThrow(
        'A reason is required (--reason "…", 5 to 500 characters); it is recorded in the account’s audit log.',
      );
    }
    const { user: bare } = await createUser(env.database.db, { permission: 'master' });
    await expect(mint(REASON, bare.email)).rejects.toThrow(
      `${bare.email} has not turned on two-factor authentication, which operators need to impersonate`,
    );
    // A link made before the operator turned 2FA off opens nothing.
    const { token } = await mint(REASON);
    await env.database.db.update(users).set({ totpEnabled: false }).where(eq(users.id, master.id));
    expect((await redeem(token)).statusCode).toBe(404);
  });

  it('ends a running support session when the user turns support access off', async () => {
    const { user: master } = await createUser(env.database.db, { permission: 'master' });
    await enableTwoFactor(env.database.db, master.id);
    const user = await signedInUser(env.app, env.database.db, { permission: 'owner' });
    const { user: target, account } = user;
    await env.database.db.update(users).set(supportAllowed()).where(eq(users.id, target.id));
    const { token } = await mintImpersonationToken(env.database.db, {
      masterEmail: master.email,
      targetEmail: target.email,
      reason: REASON,
    });
    const support = (await redeem(token)).json().data.token as string;
    const asSupport = (payload: object) =>
      env.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(support), payload });
    expect((await asSupport({ first_name: 'Helped' })).statusCode).toBe(200);

    const off = await env.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { support_enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await asSupport({ first_name: 'Again' })).statusCode).toBe(401);
    const me = (bearerToken: string) =>
      env.app.inject({ method: 'GET', url: '/api/user', headers: bearer(bearerToken) });
    expect((await me(support)).statusCode).toBe(401);
    // The user's own session goes on.
    expect((await me(user.token)).json().data.first_name).toBe('Helped');
    const [ended] = await env.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.chain, account.id), eq(auditEvents.action, 'impersonation.ended')));
    expect(ended).toMatchObject({
      actorId: target.id,
      targetType: 'session',
      changes: { reason: 'support_access_off' },
    });
  });

  it('answers 404 to a garbage token', async () => {
    expect((await redeem('x'.repeat(43))).statusCode).toBe(404);
  });
});
