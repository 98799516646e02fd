import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, auditEvents, outbox, users } from '../../db/schema/index';
import { createAccount, createUser, uniqueEmail } from '../../../test/factories';
import { bearer, PASSWORD, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const update = (token: string, payload: Record<string, unknown>) =>
  env.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload });

async function stored(userId: string) {
  const [row] = await env.database.db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe('PATCH /api/user on oneself', () => {
  it('updates names and preferences and answers the updated user', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const answer = await update(me.token, {
      first_name: '  Grace ',
      last_name: 'Hopper',
      dark_mode: true,
      locale: 'es',
      support_enabled: true,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      dark_mode: true,
      locale: 'es',
      support_enabled: true,
    });
    const saved = await stored(me.user.id);
    expect(saved).toMatchObject({ darkMode: true });
    // Support access lasts the default seven days from now, and the answer says until when.
    const sevenDays = Date.now() + 7 * 86_400_000;
    expect(Math.abs((saved?.supportUntil?.getTime() ?? 0) - sevenDays)).toBeLessThan(60_000);
    expect(answer.json().data.support_until).toBe(saved?.supportUntil?.toISOString());
  });

  it('gives support access for the days chosen, ends it when turned off, and refuses other lengths', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const patch = (payload: Record<string, unknown>) =>
      env.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(me.token), payload });
    const day = await patch({ support_enabled: true, support_days: 1 });
    expect(day.statusCode).toBe(200);
    const until = Date.parse(day.json().data.support_until as string);
    expect(Math.abs(until - (Date.now() + 86_400_000))).toBeLessThan(60_000);

    for (const payload of [
      { support_enabled: true, support_days: 3 },
      { support_enabled: false, support_days: 7 },
      { support_days: 7 },
    ]) {
      const refused = await patch(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().inputError).toBe('support_days');
    }

    const off = await patch({ support_enabled: false });
    expect(off.json().data).toMatchObject({ support_enabled: false, support_until: null });
    expect((await stored(me.user.id))?.supportUntil).toBeNull();
    const changes = await env.database.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetId, me.user.id),
          eq(auditEvents.action, 'user.support_access_changed'),
        ),
      );
    expect(changes.map((row) => row.changes)).toEqual([
      { before: false, after: true, until: new Date(until).toISOString() },
      { before: true, after: false, until: null },
    ]);
  });

  it('reads lapsed support access as off, without anyone turning it off', async () => {
    const me = await signedInUser(env.app, env.database.db);
    await env.database.db
      .update(users)
      .set({ supportUntil: new Date(Date.now() - 1_000) })
      .where(eq(users.id, me.user.id));
    const answer = await env.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer(me.token),
    });
    expect(answer.json().data).toMatchObject({ support_enabled: false, support_until: null });
  });

  it('asks for the new e-mail with the password: pending, and a link to the new address', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const next = uniqueEmail('moved');
    const answer = await update(me.token, { email: next, password: PASSWORD });
    expect(answer.json().data).toMatchObject({
      email: me.user.email,
      pending_email: next,
      verified: true,
    });
    const mails = await env.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, next), eq(outbox.template, 'verify')));
    expect(mails).toHaveLength(1);
  });

  it("refuses another user's e-mail on the email field", async () => {
    const me = await signedInUser(env.app, env.database.db);
    const { user: other } = await createUser(env.database.db);
    const answer = await update(me.token, { email: other.email });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().inputError).toBe('email');
    expect((await stored(me.user.id))?.email).toBe(me.user.email);
  });

  it.each<Record<string, unknown>>([
    { permission: 'owner' },
    { verified: true },
    { account_id: '00000000-0000-4000-8000-000000000000' },
    { first_name: 'Ok', is_master: true },
  ])('refuses the privileged field in %j and changes nothing', async (payload) => {
    const me = await signedInUser(env.app, env.database.db);
    const answer = await update(me.token, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toEqual(expect.any(String));
    expect(await stored(me.user.id)).toMatchObject({ firstName: 'Test', isMaster: false });
  });

  it("sets a default account the user belongs to; someone else's is not found", async () => {
    const me = await signedInUser(env.app, env.database.db);
    const second = await createAccount(env.database.db, { name: 'Second' });
    await env.database.db
      .insert(accountUsers)
      .values({ accountId: second.id, userId: me.user.id, permission: 'user' });
    const ok = await update(me.token, { default_account: second.id });
    expect(ok.json().data.default_account).toBe(second.id);
    const foreign = await createAccount(env.database.db);
    const refused = await update(me.token, { default_account: foreign.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().inputError).toBe('default_account');
    expect((await stored(me.user.id))?.defaultAccountId).toBe(second.id);
  });

  it('refuses an empty body and bad values with the field named', async () => {
    const me = await signedInUser(env.app, env.database.db);
    expect((await update(me.token, {})).statusCode).toBe(400);
    const blank = await update(me.token, { first_name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().inputError).toBe('first_name');
    const email = await update(me.token, { email: 'a"b@example.test' });
    expect(email.json().inputError).toBe('email');
    const dark = await update(me.token, { dark_mode: 'yes' });
    expect(dark.json().inputError).toBe('dark_mode');
  });
});
