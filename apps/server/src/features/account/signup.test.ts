import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, events, users } from '../../db/schema/index';
import { uniqueEmail } from '../../../test/factories';
import {
  bearer,
  lastMailTo,
  randomIp,
  signup,
  tokenFromLink,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

describe('POST /api/account (sign up an account)', () => {
  it('creates the account, its owner and a session, and mails a verification link', async () => {
    const email = uniqueEmail('ada');
    const response = await signup(
      env.app,
      { email: email.toUpperCase() },
      { 'accept-language': 'es' },
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      email,
      first_name: 'Ada',
      account_name: 'Analytical Engines',
      permission: 'owner',
      verified: false,
      plan: null,
      locale: 'es',
      has_password: true,
      duplicate_user: false,
    });
    expect(data.token).toMatch(/^ey/);
    expect(data.accounts).toEqual([{ id: data.account_id, name: 'Analytical Engines' }]);

    const mail = await lastMailTo(env.database.db, email);
    expect(mail.subject).toBe('Verifica tu correo electrónico');
    expect(mail.text).toContain('http://localhost:8080/signup/verify?token=');
    expect(mail.html).toContain('<a href="http://localhost:8080/signup/verify?token=');

    const me = await env.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer(data.token),
    });
    expect(me.json().data).toMatchObject({ authenticated: true, email });
  });

  it('keeps the look the visitor signed up in: dark when they had it, light when unsaid', async () => {
    const dark = await signup(env.app, { email: uniqueEmail('dark'), dark_mode: true });
    expect(dark.statusCode).toBe(201);
    expect(dark.json().data.dark_mode).toBe(true);
    const [row] = await env.database.db
      .select({ darkMode: users.darkMode })
      .from(users)
      .where(eq(users.id, dark.json().data.id));
    expect(row?.darkMode).toBe(true);

    const unsaid = await signup(env.app, { email: uniqueEmail('light') });
    expect(unsaid.json().data.dark_mode).toBe(false);

    const wrong = await signup(env.app, { email: uniqueEmail('odd'), dark_mode: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().inputError).toBe('dark_mode');
  });

  it('names the first bad field, in order', async () => {
    const response = await signup(env.app, { first_name: '  ', email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please enter your first name',
      inputError: 'first_name',
    });
    const weak = await signup(env.app, { password: 'nospecial1' });
    expect(weak.json()).toEqual({
      message: 'Password must contain at least one special character',
      inputError: 'password',
    });
  });

  it('adds a new account to an existing user who gives the right password, flagged duplicate_user', async () => {
    const email = uniqueEmail('dup');
    const first = (await signup(env.app, { email })).json().data;
    const second = await signup(env.app, {
      email,
      partner_name: 'Second Partner',
      first_name: 'Other',
    });
    expect(second.statusCode).toBe(201);
    const data = second.json().data;
    expect(data.id).toBe(first.id);
    expect(data.account_id).not.toBe(first.account_id);
    expect(data.duplicate_user).toBe(true);
    expect(data.first_name).toBe('Ada');
    expect(data.accounts.map((a: { name: string }) => a.name)).toEqual([
      'Analytical Engines',
      'Second Partner',
    ]);
  });

  it('refuses an existing e-mail with a wrong password as a conflict on email, creating nothing', async () => {
    const email = uniqueEmail('taken');
    const first = (await signup(env.app, { email })).json().data;
    const response = await signup(env.app, { email, password: 'Wrong-password-9!' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ inputError: 'email' });
    const memberships = await env.database.db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.userId, first.id));
    expect(memberships).toHaveLength(1);
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed link, signs in, and refuses the link a second time', async () => {
    const email = uniqueEmail('verify');
    const created = (await signup(env.app, { email })).json().data;
    const token = tokenFromLink(
      (await lastMailTo(env.database.db, email, 'verify')).text,
      '/signup/verify',
    );
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: created.id, verified: true });
    expect(response.json().data.token).toBeTruthy();
    const again = await env.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      headers: xsrfHeaders,
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link has expired.');
  });

  it('resends a link that replaces the older one', async () => {
    const email = uniqueEmail('resend');
    const created = (await signup(env.app, { email })).json().data;
    const oldToken = tokenFromLink(
      (await lastMailTo(env.database.db, email, 'verify')).text,
      '/signup/verify',
    );
    const resend = await env.app.inject({
      method: 'POST',
      url: '/api/user/verify/request',
      headers: bearer(created.token),
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('We sent you a new verification link.');
    const newToken = tokenFromLink(
      (await lastMailTo(env.database.db, email, 'verify')).text,
      '/signup/verify',
    );
    expect(newToken).not.toBe(oldToken);
    const old = await env.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      headers: xsrfHeaders,
      payload: { token: oldToken },
    });
    expect(old.statusCode).toBe(400);
  });

  it('needs a session to ask for a new link', async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/user/verify/request',
      headers: xsrfHeaders,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('plans', () => {
  it('lists the plans with the active one, sets the free plan and records selected_plan', async () => {
    const owner = (await signup(env.app)).json().data;
    const plans = await env.app.inject({
      method: 'GET',
      url: '/api/account/plans',
      headers: bearer(owner.token),
    });
    expect(plans.json().data.active).toBeNull();
    expect(plans.json().data.plans.map((p: { id: string }) => p.id)).toEqual([
      'free_core',
      'free_plus',
      'free_plus_ai',
      'free_pro',
    ]);

    const chosen = await env.app.inject({
      method: 'POST',
      url: '/api/account/plan',
      headers: bearer(owner.token),
      payload: { plan: 'free_core' },
    });
    expect(chosen.json()).toEqual({
      data: {
        plan: 'free_core',
        subscription: 'active',
        scheduled_plan: null,
        effective_at: null,
        charged: null,
      },
    });
    const me = await env.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(owner.token),
    });
    expect(me.json().data).toMatchObject({ plan: 'free_core', subscription: 'active' });
    const recorded = await env.database.db
      .select()
      .from(events)
      .where(and(eq(events.accountId, owner.account_id), eq(events.name, 'selected_plan')));
    expect(recorded).toHaveLength(1);
  });

  it('answers 402 with the plan for a plan that needs a card', async () => {
    const owner = (await signup(env.app)).json().data;
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/account/plan',
      headers: bearer(owner.token),
      payload: { plan: 'free_pro' },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ plan: 'free_pro' });
  });

  it('refuses an unknown plan with 400 on plan', async () => {
    const owner = (await signup(env.app)).json().data;
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/account/plan',
      headers: bearer(owner.token),
      payload: { plan: 'gold' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().inputError).toBe('plan');
  });

  it('keeps plan selection to the owner', async () => {
    const owner = (await signup(env.app)).json().data;
    const [member] = await env.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(member).toBeDefined();
    await env.database.db
      .update(accountUsers)
      .set({ permission: 'admin' })
      .where(eq(accountUsers.userId, owner.id));
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/account/plan',
      headers: bearer(owner.token),
      payload: { plan: 'free_core' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-up password rules', () => {
  it('does not truncate long passwords', async () => {
    const email = uniqueEmail('long');
    const password = `${'p'.repeat(99)}!`;
    expect((await signup(env.app, { email, password })).statusCode).toBe(201);
    const truncated = await env.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email, password: password.slice(0, 72) },
    });
    expect(truncated.statusCode).toBe(401);
    const full = await env.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email, password },
    });
    expect(full.statusCode).toBe(200);
  });
});

describe('common passwords', () => {
  it('refuses a common password even with a symbol added, on the password field', async () => {
    const response = await signup(env.app, { password: 'Password1!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'This password is too common. Please choose another one.',
      inputError: 'password',
    });
  });
});
