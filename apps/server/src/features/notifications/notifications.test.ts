import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index';
import {
  bearer,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const list = (token: string) =>
  env.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) });
const patch = (token: string, payload: Record<string, unknown> | unknown[]) =>
  env.app.inject({ method: 'PATCH', url: '/api/notification', headers: bearer(token), payload });

// The account mails are on until turned off; the report digest is off until asked for.
const DEFAULTS = [
  { name: 'new_signin', active: true },
  { name: 'plan_updated', active: true },
  { name: 'card_updated', active: true },
  { name: 'invite_accepted', active: true },
  { name: 'report_digest', active: false },
];

describe('/api/notification', () => {
  it('starts with the account mails on and the report digest off', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const answer = await list(me.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual(DEFAULTS);
  });

  it('saves any subset and answers the whole list, for this user only', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const other = await signedInUser(env.app, env.database.db);
    const first = await patch(me.token, { new_signin: false, invite_accepted: false });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual([
      { name: 'new_signin', active: false },
      { name: 'plan_updated', active: true },
      { name: 'card_updated', active: true },
      { name: 'invite_accepted', active: false },
      { name: 'report_digest', active: false },
    ]);
    const second = await patch(me.token, { invite_accepted: true });
    expect(second.json().data[3]).toEqual({ name: 'invite_accepted', active: true });
    expect(second.json().data[0]).toEqual({ name: 'new_signin', active: false });
    expect((await list(other.token)).json().data).toEqual(DEFAULTS);
  });

  it('refuses unknown names, non-boolean values and an empty body', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const unknown = await patch(me.token, { marketing: true });
    expect(unknown.statusCode).toBe(400);
    const notBoolean = await patch(me.token, { new_signin: 'no' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().inputError).toBe('new_signin');
    expect((await patch(me.token, {})).statusCode).toBe(400);
    expect((await patch(me.token, [])).statusCode).toBe(400);
    expect((await list(me.token)).json().data).toEqual(DEFAULTS);
  });

  it('is obeyed: with new_signin off, signing in mails nothing', async () => {
    const me = await signedInUser(env.app, env.database.db);
    const sent = async () =>
      (
        await env.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, me.user.email), eq(outbox.template, 'new_signin')))
      ).length;
    const before = await sent();
    expect(before).toBeGreaterThan(0);
    await patch(me.token, { new_signin: false });
    const again = await env.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email: me.user.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect(await sent()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await env.app.inject({ method: 'GET', url: '/api/notification' })).statusCode).toBe(
      401,
    );
  });
});
