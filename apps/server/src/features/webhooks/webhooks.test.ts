import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_DATA, WEBHOOK_GIVE_UP_MS } from '@partner-portal/shared/webhooks';
import { auditEvents, outbox, webhookDeliveries } from '../../db/schema/index';
import { createServiceContext } from '../../service-context';
import { createUser } from '../../../test/factories';
import {
  bearer,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { WebhookDispatcher } from './webhook-dispatcher';

/**
 * docs/product.md#webhooks: endpoints, signed deliveries a Standard Webhooks library verifies,
 * retries on a clock the test moves, the three-day give-up, rotation's overlap, and the
 * deliveries list with its test event and resend.
 */
let clock = new Date('2026-12-01T09:00:00Z');
const config = createTestConfig({ ALLOW_PRIVATE_OUTBOUND: 'true' });
const env = useTestApp(() => ({ config, now: () => clock }));
let receiver: WebhookReceiver;
let dispatcher: WebhookDispatcher;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const ctx = createServiceContext(env.database, config, {
    log: Fastify({ logger: false }).log,
    now: () => clock,
  });
  dispatcher = new WebhookDispatcher(ctx);
});
afterAll(async () => {
  await dispatcher.stop();
  await receiver.close();
});

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  env.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'GET' ? {} : xsrfHeaders) },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A new session for `email` (one from before the clock moved days ahead has ended). */
async function signIn(email: string): Promise<string> {
  const answer = await env.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { email, password: PASSWORD },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.token as string;
}

/** An owner of a Plus account, signed in, with an endpoint at the receiver's `path`. */
async function ownerWithEndpoint(path: string, events = ['member.updated']) {
  const owner = await signedInUser(env.app, env.database.db, {
    permission: 'owner',
    account: undefined,
  });
  await env.database.db.execute(
    // The factory makes Core accounts; webhooks start at Plus.
    (await import('drizzle-orm'))
      .sql`update accounts set plan = 'free_plus' where id = ${owner.account.id}`,
  );
  const created = await call(owner.token, 'POST', '/api/webhooks', {
    url: `${receiver.url}${path}`,
    events,
    description: 'CRM sync',
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ...owner, endpoint: created.json().data as { id: string; secret: string } };
}

/** Changes a member's permission through the team API: a `member.updated` event. */
async function changeMember(owner: { token: string; account: { id: string } }) {
  const { user } = await createUser(env.database.db, {
    account: owner.account as never,
    permission: 'user',
  });
  const changed = await call(owner.token, 'PATCH', '/api/user', {
    id: user.id,
    permission: 'admin',
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return user;
}

const toPath = (path: string) => receiver.received.filter((message) => message.path === path);

describe('endpoints', () => {
  it('shows the secret once, lists the endpoint without it, and audits each change', async () => {
    const owner = await ownerWithEndpoint('/list');
    expect(owner.endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const list = await call(owner.token, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.endpoints).toEqual([
      expect.objectContaining({
        id: owner.endpoint.id,
        url: `${receiver.url}/list`,
        events: ['member.updated'],
        enabled: true,
        disabled_reason: null,
      }),
    ]);
    expect(list.body).not.toContain(owner.endpoint.secret);
    const patched = await call(owner.token, 'PATCH', `/api/webhooks/${owner.endpoint.id}`, {
      enabled: false,
    });
    expect(patched.json().data).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const removed = await call(owner.token, 'DELETE', `/api/webhooks/${owner.endpoint.id}`);
    expect(removed.statusCode).toBe(200);
    const actions = await env.database.db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, owner.endpoint.id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'webhook.created',
      'webhook.deleted',
      'webhook.updated',
    ]);
    expect(JSON.stringify(actions)).not.toContain(owner.endpoint.secret);
  });

  it('is for Plus and above: a Core account gets 402 naming Plus', async () => {
    const owner = await signedInUser(env.app, env.database.db, { permission: 'owner' });
    const answer = await call(owner.token, 'GET', '/api/webhooks');
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({ plan: 'free_plus' });
  });

  it('refuses an empty event list, an unknown event and a URL that is not one, naming the field', async () => {
    const owner = await ownerWithEndpoint('/refusals');
    for (const [payload, field] of [
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
      [{ url: `${receiver.url}/x`, events: ['member.exploded'] }, 'events'],
      [{ url: 'not a url', events: ['member.joined'] }, 'url'],
    ] as const) {
      const answer = await call(owner.token, 'POST', '/api/webhooks', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().inputError).toBe(field);
    }
    const other = await ownerWithEndpoint('/other');
    const foreign = await call(owner.token, 'DELETE', `/api/webhooks/${other.endpoint.id}`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('delivery', () => {
  it('signs each event so a Standard Webhooks library verifies it, with its declared shape', async () => {
    const owner = await ownerWithEndpoint('/signed');
    const member = await changeMember(owner);
    await dispatcher.drain();
    const [message] = receiver
      .verified(owner.endpoint.secret)
      .filter((event) => event.data.user_id === member.id);
    expect(message?.type).toBe('member.updated');
    expect(message?.id).toMatch(/^msg_/);
    expect(WEBHOOK_EVENT_DATA['member.updated'].strict().parse(message?.data)).toMatchObject({
      account_id: owner.account.id,
      before: { permission: 'user' },
      after: { permission: 'admin' },
      via: 'team',
    });
    // Another secret verifies nothing.
    expect(receiver.verified('whsec_' + Buffer.alloc(32, 1).toString('base64'))).toEqual([]);
  });

  it('sends nothing for an event the endpoint did not choose, or while it is disabled', async () => {
    const owner = await ownerWithEndpoint('/choosy', ['member.removed']);
    await changeMember(owner);
    await dispatcher.drain();
    expect(toPath('/choosy')).toEqual([]);
    await call(owner.token, 'PATCH', `/api/webhooks/${owner.endpoint.id}`, {
      events: ['member.updated'],
      enabled: false,
    });
    await changeMember(owner);
    await dispatcher.drain();
    expect(toPath('/choosy')).toEqual([]);
  });

  it('retries at growing intervals, gives up after three days, disables the endpoint and mails the owner', async () => {
    const owner = await ownerWithEndpoint('/failing');
    receiver.answer(500);
    try {
      await changeMember(owner);
      const started = clock.getTime();
      await dispatcher.drain();
      expect(toPath('/failing')).toHaveLength(1);
      // Not again before its time.
      later(4_000);
      await dispatcher.drain();
      expect(toPath('/failing')).toHaveLength(1);
      const gaps: number[] = [];
      let last = clock.getTime();
      while (clock.getTime() - started <= WEBHOOK_GIVE_UP_MS + 24 * 3600_000) {
        const before = toPath('/failing').length;
        later(60_000);
        await dispatcher.drain();
        if (toPath('/failing').length > before) {
          gaps.push(clock.getTime() - last);
          last = clock.getTime();
        }
        // Jump close to the next try rather than a minute at a time.
        const [row] = await env.database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, owner.endpoint.id));
        if (row?.status !== 'pending') break;
        const wait = row.nextAttemptAt.getTime() - clock.getTime() - 60_000;
        if (wait > 0) later(wait);
      }
      // Growing, then steady; never beyond three days.
      expect(gaps.slice(0, 5)).toEqual([...gaps.slice(0, 5)].sort((a, b) => a - b));
      expect(gaps.length).toBeGreaterThanOrEqual(8);
      const [row] = await env.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, owner.endpoint.id));
      expect(row).toMatchObject({ status: 'failed', responseStatus: 500 });
      expect(row!.lastAttemptAt!.getTime() - started).toBeGreaterThanOrEqual(WEBHOOK_GIVE_UP_MS);
      owner.token = await signIn(owner.user.email);
      const list = await call(owner.token, 'GET', '/api/webhooks');
      expect(list.json().data.endpoints[0]).toMatchObject({
        enabled: false,
        disabled_reason: 'failing',
      });
      const mails = await env.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, owner.user.email), eq(outbox.template, 'webhook_disabled')));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`${receiver.url}/failing`);
      const tries = toPath('/failing').length;
      // Disabled: nothing more is sent, even for new events.
      await changeMember(owner);
      later(3600_000);
      await dispatcher.drain();
      expect(toPath('/failing')).toHaveLength(tries);
    } finally {
      receiver.answer(204);
    }
  });

  it('sends again, with the same webhook-id, a delivery whose instance died holding it', async () => {
    const owner = await ownerWithEndpoint('/orphaned');
    await changeMember(owner);
    // As an instance that took the delivery (its lease) and died before sending it leaves it.
    await env.database.db
      .update(webhookDeliveries)
      .set({ attempts: 1, nextAttemptAt: new Date(clock.getTime() + 60_000) })
      .where(eq(webhookDeliveries.endpointId, owner.endpoint.id));
    await dispatcher.drain();
    expect(toPath('/orphaned')).toEqual([]);
    later(61_000);
    await dispatcher.drain();
    const [message] = await env.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, owner.endpoint.id));
    expect(toPath('/orphaned').map((request) => request.headers['webhook-id'])).toEqual([
      message!.messageId,
    ]);
    expect(message).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('follows no redirect: a 3xx is a failed try, and its target hears nothing', async () => {
    const owner = await ownerWithEndpoint('/moved');
    receiver.answer(307, { location: `${receiver.url}/elsewhere` });
    try {
      await changeMember(owner);
      await dispatcher.drain();
    } finally {
      receiver.answer(204);
    }
    expect(toPath('/moved')).toHaveLength(1);
    expect(toPath('/elsewhere')).toEqual([]);
    const [row] = await env.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, owner.endpoint.id));
    expect(row).toMatchObject({ status: 'pending', responseStatus: 307 });
    expect(row!.lastError).toMatch(/redirect .*not followed/);
  });

  it('keeps signing with the old secret beside the new one for 24 hours after a rotation', async () => {
    const owner = await ownerWithEndpoint('/rotated');
    const rotated = await call(
      owner.token,
      'POST',
      `/api/webhooks/${owner.endpoint.id}/rotate-secret`,
    );
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data as { secret: string; previous_secret_expires_at: string };
    expect(fresh.secret).not.toBe(owner.endpoint.secret);
    expect(new Date(fresh.previous_secret_expires_at).getTime() - clock.getTime()).toBe(
      24 * 3600_000,
    );
    await changeMember(owner);
    await dispatcher.drain();
    const first = toPath('/rotated').at(-1)!;
    expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const ids = (secret: string) => receiver.verified(secret).map((message) => message.id);
    const firstId = String(first.headers['webhook-id']);
    expect(ids(owner.endpoint.secret)).toContain(firstId);
    expect(ids(fresh.secret)).toContain(firstId);
    later(24 * 3600_000 + 1_000);
    owner.token = await signIn(owner.user.email);
    await changeMember(owner);
    await dispatcher.drain();
    const second = String(toPath('/rotated').at(-1)!.headers['webhook-id']);
    expect(ids(fresh.secret)).toContain(second);
    expect(ids(owner.endpoint.secret)).not.toContain(second);
  });

  it('sends a test event now and answers how it went; lists deliveries; resends a failed one', async () => {
    const owner = await ownerWithEndpoint('/tested');
    const tested = await call(owner.token, 'POST', `/api/webhooks/${owner.endpoint.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toMatchObject({
      type: 'webhook.test',
      status: 'succeeded',
      response_status: 204,
      attempts: 1,
    });
    expect(tested.json().message).toMatch(/204/);
    receiver.answer(410);
    later(1_000);
    const refused = await call(owner.token, 'POST', `/api/webhooks/${owner.endpoint.id}/test`);
    receiver.answer(204);
    expect(refused.json().data).toMatchObject({ status: 'failed', response_status: 410 });
    // The test's failure does not count against the endpoint.
    const list = await call(owner.token, 'GET', `/api/webhooks/${owner.endpoint.id}/deliveries`);
    expect(list.json().data).toMatchObject({ total: 2, page: 1 });
    const failed = list.json().data.deliveries[0] as { id: string; status: string };
    expect(failed.status).toBe('failed');
    const resent = await call(
      owner.token,
      'POST',
      `/api/webhooks/${owner.endpoint.id}/deliveries/${failed.id}/retry`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.status).toBe('pending');
    const again = await call(
      owner.token,
      'POST',
      `/api/webhooks/${owner.endpoint.id}/deliveries/${failed.id}/retry`,
    );
    expect(again.statusCode).toBe(409);
    await dispatcher.drain();
    const after = await call(owner.token, 'GET', `/api/webhooks/${owner.endpoint.id}/deliveries`);
    expect(after.json().data.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const endpoints = await call(owner.token, 'GET', '/api/webhooks');
    expect(endpoints.json().data.endpoints[0].enabled).toBe(true);
  });
});
