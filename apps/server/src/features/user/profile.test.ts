import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, outbox, users } from '../../db/schema/index';
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
    expect(await stored(me.user.id)).toMatchObject({ darkMode: true, supportEnabled: true });
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
