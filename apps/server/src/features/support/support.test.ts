import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { events, feedback, outbox } from '../../db/schema/index';
import { RATE_LIMITS } from '../../lib/rate-limit';
import {
  bearer,
  lastMailTo,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';

const SUPPORT = 'help-desk@example.test';
const env = useTestApp(() => ({ config: createTestConfig({ SUPPORT_EMAIL: SUPPORT }) }));
const db = () => env.database.db;

const post = (url: string, token: string | null, payload: unknown, ip = randomIp()) =>
  env.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : xsrfHeaders,
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });

const helpMails = async (userEmail: string) =>
  (await db().select().from(outbox).where(eq(outbox.to, SUPPORT))).filter((mail) =>
    mail.replyTo?.includes(userEmail),
  );

describe('POST /api/utility/mail', () => {
  it('mails support with the user as reply-to and what support needs to find them', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const answer = await post('/api/utility/mail', me.token, {
      template: 'help',
      email: me.user.email.toUpperCase(),
      name: 'Test  admin',
      message: 'My <b>dashboard</b> is empty.\nSince Monday.',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      data: null,
      message: 'Message sent. Our support team will reply by email.',
    });

    const mail = await lastMailTo(db(), SUPPORT, 'help');
    expect(mail.replyTo).toBe(`"Test admin" <${me.user.email}>`);
    expect(mail.subject).toBe('Help request from Test admin');
    expect(mail.text).toContain('My <b>dashboard</b> is empty.\nSince Monday.');
    for (const detail of [me.user.id, me.account.name, me.account.id, 'Permission: admin']) {
      expect(mail.text).toContain(detail);
    }
    expect(mail.html).toContain('My &lt;b&gt;dashboard&lt;/b&gt; is empty.<br>Since Monday.');
    expect(mail.html).not.toContain('<b>dashboard');
    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.userId, me.user.id), eq(events.name, 'help_requested')));
    expect(event?.accountId).toBe(me.account.id);
  });

  it("refuses an e-mail or name that is not the user's own, on that field", async () => {
    const me = await signedInUser(env.app, db());
    const email = await post('/api/utility/mail', me.token, {
      template: 'help',
      email: 'ceo@example.test',
      message: 'Please reset my password',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({
      message: 'Messages to support are sent from your own email address.',
      inputError: 'email',
    });
    const name = await post('/api/utility/mail', me.token, {
      template: 'help',
      name: 'Someone Else',
      message: 'Hello',
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().inputError).toBe('name');
    expect(await helpMails(me.user.email)).toHaveLength(0);
  });

  it('needs a message, the help template and a session', async () => {
    const me = await signedInUser(env.app, db());
    for (const message of ['', '   ']) {
      const empty = await post('/api/utility/mail', me.token, { template: 'help', message });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().inputError).toBe('message');
    }
    const missing = await post('/api/utility/mail', me.token, { template: 'help' });
    expect(missing.json().inputError).toBe('message');
    const template = await post('/api/utility/mail', me.token, { template: 'x', message: 'Hi' });
    expect(template.json().inputError).toBe('template');
    const extra = await post('/api/utility/mail', me.token, {
      template: 'help',
      message: 'Hi',
      to: 'victim@example.test',
    });
    expect(extra.statusCode).toBe(400);
    const anonymous = await post('/api/utility/mail', null, { template: 'help', message: 'Hi' });
    expect(anonymous.statusCode).toBe(401);
    expect(await helpMails(me.user.email)).toHaveLength(0);
  });

  it('sends at most 3 a minute per user, whatever the address', async () => {
    const me = await signedInUser(env.app, db());
    const send = () => post('/api/utility/mail', me.token, { template: 'help', message: 'Hi' });
    for (let sent = 0; sent < 3; sent += 1) expect((await send()).statusCode).toBe(200);
    const fourth = await send();
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fourth.json().message).toMatch(/^Too many requests/);
    expect(await helpMails(me.user.email)).toHaveLength(3);
  });

  it('sends at most 3 a minute per IP, whoever is signed in', async () => {
    const ip = randomIp();
    const senders = await Promise.all([0, 1, 2, 3].map(() => signedInUser(env.app, db())));
    const answers = [];
    for (const sender of senders) {
      answers.push(
        (await post('/api/utility/mail', sender.token, { template: 'help', message: 'Hi' }, ip))
          .statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(RATE_LIMITS.mail.max).toBe(3);
  });
});

describe('POST /api/feedback', () => {
  it('stores the rating and comment with the user and account', async () => {
    const me = await signedInUser(env.app, db());
    const answer = await post('/api/feedback', me.token, {
      rating: 'negative',
      comment: '  Charts load slowly  ',
    });
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body.message).toBe('Thank you for your feedback!');
    const [row] = await db().select().from(feedback).where(eq(feedback.id, body.data.id));
    expect(row).toMatchObject({
      userId: me.user.id,
      accountId: me.account.id,
      rating: 'negative',
      comment: 'Charts load slowly',
    });
    const bare = await post('/api/feedback', me.token, { rating: 'positive' });
    expect(bare.statusCode).toBe(201);
    const [plain] = await db().select().from(feedback).where(eq(feedback.id, bare.json().data.id));
    expect(plain).toMatchObject({ rating: 'positive', comment: null });
  });

  it('refuses a bad rating or an oversized comment, and anonymous callers', async () => {
    const me = await signedInUser(env.app, db());
    for (const rating of ['meh', '', 5, null]) {
      const answer = await post('/api/feedback', me.token, { rating });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().inputError).toBe('rating');
    }
    const long = await post('/api/feedback', me.token, {
      rating: 'neutral',
      comment: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().inputError).toBe('comment');
    expect((await post('/api/feedback', null, { rating: 'positive' })).statusCode).toBe(401);
    expect(await db().select().from(feedback).where(eq(feedback.userId, me.user.id))).toHaveLength(
      0,
    );
  });

  it('limits one address to a burst of feedback', async () => {
    const me = await signedInUser(env.app, db());
    const ip = randomIp();
    for (let sent = 0; sent < RATE_LIMITS.feedback.max; sent += 1) {
      expect((await post('/api/feedback', me.token, { rating: 'positive' }, ip)).statusCode).toBe(
        201,
      );
    }
    const over = await post('/api/feedback', me.token, { rating: 'positive' }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
