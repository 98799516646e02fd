import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_KEY_PATTERN, MAX_LIVE_API_KEYS } from '@partner-portal/shared/api-key-rules';
import { accountUsers, apiKeys, outbox } from '../../db/schema/index';
import { createTestContext } from '../../../test/test-context';
import { mailExpiringKeys } from './key-expiry-mail';
import { createAccount } from '../../../test/factories';
import {
  bearer,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

let clock = new Date('2026-11-25T12:00:00Z');
const env = useTestApp(() => ({ now: () => clock, keyUsageFlushMs: 20 }));
const DAY = 86_400_000;

async function owner() {
  const account = await createAccount(env.database.db, { name: 'Keyholder' });
  return signedInUser(env.app, env.database.db, { permission: 'owner', account });
}

async function createKey(token: string, payload: Record<string, unknown>) {
  const answer = await env.app.inject({
    method: 'POST',
    url: '/api/key',
    headers: { ...xsrfHeaders, ...bearer(token) },
    remoteAddress: randomIp(),
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: string; key: string; stub: string; expires_at: string | null };
}

const withKey = (
  key: string,
  request: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown },
  ip = '198.51.100.7',
) =>
  env.app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    // No cookie and no XSRF header: a key call carries neither.
    headers: { authorization: `Bearer ${key}` },
    remoteAddress: ip,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });

const manage = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  env.app.inject({
    method,
    url,
    headers: { ...xsrfHeaders, ...bearer(token) },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

describe('API keys', () => {
  it('shows the whole key once, stores only its hash, and lets it list the team without XSRF', async () => {
    const { token } = await owner();
    const created = await createKey(token, { name: 'CRM sync', scope: ['user.read'] });
    expect(created.key).toMatch(API_KEY_PATTERN);
    // The test app runs the built-in card processor: test keys.
    expect(created.key.startsWith('pp_test_')).toBe(true);
    expect(created.stub).toBe(`${created.key.slice(0, 12)}…${created.key.slice(-4)}`);
    expect(new Date(created.expires_at!).getTime()).toBe(clock.getTime() + 90 * DAY);

    const list = await manage(token, 'GET', '/api/key');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().data[0]).toMatchObject({
      id: created.id,
      name: 'CRM sync',
      status: 'active',
    });
    const [row] = await env.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(8, 40));

    const team = await withKey(created.key, { url: '/api/account/users' });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().data.users).toHaveLength(1);
  });

  it('refuses junk before any query, and unknown keys with 401', async () => {
    const { token } = await owner();
    const { key } = await createKey(token, { name: 'x', scope: ['user.read'] });
    const before = env.database.changes.statements;
    const typo = `${key.slice(0, 20)}${key[20] === 'a' ? 'b' : 'a'}${key.slice(21)}`;
    const junk = await withKey(typo, { url: '/api/account/users' });
    expect(junk.statusCode).toBe(401);
    expect(junk.json().message).toMatch(/not valid/);
    expect(env.database.changes.statements).toBe(before);
    const query = await env.app.inject({
      method: 'GET',
      url: `/api/account/users?api_key=${key}`,
      remoteAddress: randomIp(),
    });
    expect(query.statusCode).toBe(401);
  });

  it('answers 403 naming the scope a key lacks, and refuses routes that take no key', async () => {
    const { token } = await owner();
    const { key } = await createKey(token, { name: 'reader', scope: ['workbook.read'] });
    expect((await withKey(key, { url: '/api/sigma/workbook' })).statusCode).toBe(200);
    const lacking = await withKey(key, { url: '/api/account/users' });
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json().message).toContain('user.read');
    for (const request of [
      { url: '/api/user' },
      { url: '/api/key' },
      { url: '/api/account/billing' },
      { method: 'PUT' as const, url: '/api/user/password', payload: {} },
    ]) {
      const answer = await withKey(key, request as Parameters<typeof withKey>[1]);
      expect(answer.statusCode, request.url).toBe(403);
      expect(answer.json().message).toMatch(/API keys cannot call/);
    }
  });

  it('never grants a scope its creator could not use', async () => {
    const { account } = await owner();
    const developer = await signedInUser(env.app, env.database.db, {
      permission: 'developer',
      account,
    });
    const scopes = await manage(developer.token, 'GET', '/api/key/scopes');
    expect(scopes.json().data).toEqual([
      'account.read',
      'workbook.read',
      'report.read',
      'report.export',
      'event.create',
      'webhook.manage',
    ]);
    const refused = await manage(developer.token, 'POST', '/api/key', {
      name: 'too much',
      scope: ['account.read', 'user.delete'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ inputError: 'scope' });
    expect(refused.json().message).toContain('user.delete');
    const admin = await signedInUser(env.app, env.database.db, { permission: 'admin', account });
    expect((await manage(admin.token, 'GET', '/api/key')).statusCode).toBe(403);
  });

  it('stops the keys of a creator who loses the developer permission, or leaves', async () => {
    const { account } = await owner();
    const developer = await signedInUser(env.app, env.database.db, {
      permission: 'developer',
      account,
    });
    const { key } = await createKey(developer.token, { name: 'dev', scope: ['workbook.read'] });
    expect((await withKey(key, { url: '/api/sigma/workbook' })).statusCode).toBe(200);
    await env.database.db
      .update(accountUsers)
      .set({ permission: 'user' })
      .where(eq(accountUsers.userId, developer.user.id));
    const demoted = await withKey(key, { url: '/api/sigma/workbook' });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().message).toMatch(/developer permission/);
    await env.database.db.delete(accountUsers).where(eq(accountUsers.userId, developer.user.id));
    expect((await withKey(key, { url: '/api/sigma/workbook' })).statusCode).toBe(401);
  });

  it('revokes for good, expires on time, and rolls with an overlap', async () => {
    const { token, user } = await owner();
    const revoked = await createKey(token, { name: 'old', scope: ['account.read'] });
    expect((await withKey(revoked.key, { url: '/api/account' })).statusCode).toBe(200);
    const revoke = await manage(token, 'PATCH', `/api/key/${revoked.id}`, { active: false });
    expect(revoke.json().data.status).toBe('revoked');
    expect((await withKey(revoked.key, { url: '/api/account' })).statusCode).toBe(401);
    const again = await manage(token, 'PATCH', `/api/key/${revoked.id}`, { name: 'back' });
    expect(again.statusCode).toBe(409);

    const expiring = await createKey(token, {
      name: 'short',
      scope: ['account.read'],
      expires_at: new Date(clock.getTime() + 2 * DAY).toISOString(),
    });
    expect((await withKey(expiring.key, { url: '/api/account' })).statusCode).toBe(200);

    const rolling = await createKey(token, { name: 'roll', scope: ['account.read'] });
    const rolled = await manage(token, 'POST', `/api/key/${rolling.id}/roll`, { overlap: '1h' });
    expect(rolled.statusCode).toBe(200);
    const fresh = rolled.json().data.key as string;
    expect(fresh).not.toBe(rolling.key);
    expect((await withKey(rolling.key, { url: '/api/account' })).statusCode).toBe(200);
    expect((await withKey(fresh, { url: '/api/account' })).statusCode).toBe(200);

    const start = clock;
    try {
      clock = new Date(start.getTime() + 61 * 60_000);
      expect((await withKey(rolling.key, { url: '/api/account' })).statusCode).toBe(401);
      expect((await withKey(fresh, { url: '/api/account' })).statusCode).toBe(200);
      clock = new Date(start.getTime() + 2 * DAY + 1);
      expect((await withKey(expiring.key, { url: '/api/account' })).statusCode).toBe(401);
      // Two days on, the session has lapsed too: sign in again to read the list.
      const signin = await env.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: xsrfHeaders,
        remoteAddress: randomIp(),
        payload: { email: user.email, password: PASSWORD },
      });
      const list = await manage(signin.json().data.token, 'GET', '/api/key');
      const short = list.json().data.find((item: { id: string }) => item.id === expiring.id);
      expect(short.status).toBe('expired');
    } finally {
      clock = start;
    }

    const immediate = await createKey(token, { name: 'now', scope: ['account.read'] });
    const swapped = await manage(token, 'POST', `/api/key/${immediate.id}/roll`, { overlap: '0' });
    expect(swapped.statusCode).toBe(200);
    expect((await withKey(immediate.key, { url: '/api/account' })).statusCode).toBe(401);
  });

  it('refuses an expiry sooner than tomorrow or beyond 366 days, naming the field', async () => {
    const { token } = await owner();
    const inMs = (ms: number) => new Date(clock.getTime() + ms).toISOString();
    for (const expires_at of [
      inMs(3_000),
      inMs(DAY - 60_000),
      inMs(-DAY),
      inMs(366 * DAY + 1_000),
      inMs(400 * DAY),
    ]) {
      const answer = await manage(token, 'POST', '/api/key', {
        name: 'x',
        scope: ['account.read'],
        expires_at,
      });
      expect(answer.statusCode, expires_at).toBe(400);
      expect(answer.json()).toEqual({
        message: 'Choose an expiry between tomorrow and 366 days from now',
        inputError: 'expires_at',
      });
    }
    const garbled = await manage(token, 'POST', '/api/key', {
      name: 'x',
      scope: ['account.read'],
      expires_at: 'next week',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toMatchObject({ inputError: 'expires_at' });
    // The bounds themselves are open, on the app's clock.
    await createKey(token, { name: 'day', scope: ['account.read'], expires_at: inMs(DAY) });
    await createKey(token, { name: 'year', scope: ['account.read'], expires_at: inMs(366 * DAY) });
  });

  it('works only from its IP ranges', async () => {
    const { token } = await owner();
    const { key } = await createKey(token, {
      name: 'office',
      scope: ['account.read'],
      allowed_ips: ['10.0.0.0/8', '2001:db8::/32'],
    });
    expect((await withKey(key, { url: '/api/account' }, '10.1.2.3')).statusCode).toBe(200);
    expect((await withKey(key, { url: '/api/account' }, '2001:db8::5')).statusCode).toBe(200);
    const outside = await withKey(key, { url: '/api/account' }, '203.0.113.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toContain('203.0.113.9');
    const bad = await manage(token, 'POST', '/api/key', {
      name: 'x',
      scope: ['account.read'],
      allowed_ips: ['10.0.0.0/33'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('holds at most 20 live keys per account', async () => {
    const { token, account, user } = await owner();
    await env.database.db.insert(apiKeys).values(
      Array.from({ length: MAX_LIVE_API_KEYS - 1 }, (_, index) => ({
        accountId: account.id,
        createdBy: user.id,
        name: `k${index}`,
        secretHash: `hash-${account.id}-${index}`,
        stub: 'pp_test_x…y',
        scopes: ['account.read' as const],
      })),
    );
    const last = await createKey(token, { name: 'twentieth', scope: ['account.read'] });
    const over = await manage(token, 'POST', '/api/key', {
      name: 'one more',
      scope: ['account.read'],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('20');
    await manage(token, 'PATCH', `/api/key/${last.id}`, { active: false });
    await createKey(token, { name: 'replacement', scope: ['account.read'] });
  });

  it('counts calls per day and records the last use', async () => {
    const { token } = await owner();
    const { id, key } = await createKey(token, { name: 'counted', scope: ['account.read'] });
    for (let call = 0; call < 3; call += 1) {
      expect((await withKey(key, { url: '/api/account' }, '192.0.2.44')).statusCode).toBe(200);
    }
    await expect
      .poll(async () => {
        const list = await manage(token, 'GET', '/api/key');
        const item = list.json().data.find((entry: { id: string }) => entry.id === id);
        return [item.usage.at(-1), item.last_used_ip];
      })
      .toEqual([3, '192.0.2.44']);
  });

  it('answers 429 with Retry-After past its rate', async () => {
    const { token } = await owner();
    const { key } = await createKey(token, { name: 'busy', scope: ['account.read'] });
    let limited = null;
    for (let call = 0; call < 601 && !limited; call += 1) {
      const answer = await withKey(key, { url: '/api/account' });
      if (answer.statusCode === 429) limited = answer;
      else expect(answer.statusCode).toBe(200);
    }
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('the expiry mail', () => {
  it('tells the creator once, a week before the key stops', async () => {
    const { token, user } = await owner();
    const soon = await createKey(token, {
      name: 'Nightly export',
      scope: ['report.export'],
      expires_at: new Date(clock.getTime() + 6 * DAY).toISOString(),
    });
    const later = await createKey(token, { name: 'Later', scope: ['report.export'] });
    const ctx = createTestContext(env.database, () => clock);
    const mailed = await mailExpiringKeys(ctx);
    expect(mailed).toBeGreaterThanOrEqual(1);
    const mails = await env.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.template, 'api_key_expiring')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Nightly export');
    expect(mails[0]!.text).toContain(soon.stub);
    expect(mails[0]!.text).not.toContain(soon.key);
    expect(mails[0]!.text).toContain('http://localhost:8080/account/apikeys');
    await mailExpiringKeys(ctx);
    const again = await env.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.template, 'api_key_expiring')));
    expect(again).toHaveLength(1);
    expect(later.id).not.toBe(soon.id);
  });
});
