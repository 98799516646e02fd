import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { createServiceContext } from '../../service-context';
import { encryptSecret } from '../../lib/secret-box';
import { bearer, randomIp, signedInUser, xsrfHeaders } from '../../../test/identity-helpers';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { WebhookDispatcher } from './webhook-dispatcher';

/**
 * docs/security.md#urls-we-fetch-are-public for webhooks, on a server as deployed (private
 * addresses not allowed): a target on this machine or a private network is refused when saved,
 * and one that only turns private after (a name whose DNS answer changed) is refused as each
 * delivery connects.
 */
const config = createTestConfig();
const env = useTestApp(() => ({ config }));
let receiver: WebhookReceiver;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  owner = await signedInUser(env.app, env.database.db, { permission: 'owner' });
  await env.database.db.execute(
    sql`update accounts set plan = 'free_plus' where id = ${owner.account.id}`,
  );
});
afterAll(() => receiver.close());

const add = (url: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { ...bearer(owner.token), ...xsrfHeaders },
    remoteAddress: randomIp(),
    payload: { url, events: ['member.joined'] },
  });

describe('a webhook target, when saved', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['this machine by name', 'https://localhost:8443/hook'],
    ['a private network', 'https://10.1.2.3/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['an IPv6 loopback', 'https://[::1]/hook'],
    ['an IPv4 address written as IPv6', 'https://[::ffff:10.0.0.1]/hook'],
  ])('refuses %s, naming the URL', async (_, url) => {
    const answer = await add(url);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ inputError: 'url' });
  });

  it('must be https', async () => {
    const answer = await add('http://hooks.example.com/in');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      inputError: 'url',
      message: expect.stringMatching(/https/),
    });
  });

  it('takes a public https name', async () => {
    const answer = await add('https://hooks.example.com/in');
    expect(answer.statusCode, answer.body).toBe(201);
  });
});

describe('a webhook target, when sent to', () => {
  it('is refused as it connects when its name now resolves to this machine; nothing arrives', async () => {
    // Saved while its name was public (the row as the API would have written it), it now
    // resolves to 127.0.0.1: a DNS rebinding, or a record changed after saving.
    const now = new Date();
    const [endpoint] = await env.database.db
      .insert(webhookEndpoints)
      .values({
        accountId: owner.account.id,
        url: `${receiver.url}/rebound`,
        events: ['member.removed'],
        secretSealed: encryptSecret(config.encryptionKey, 'whsec_' + 'A'.repeat(44)),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const test = await env.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint!.id}/test`,
      headers: { ...bearer(owner.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
    });
    expect(test.json().data).toMatchObject({ status: 'failed', response_status: null });
    expect(test.json().data.error).toMatch(/private_address/);
    // The same through the dispatcher, for an event.
    const { queueWebhook } = await import('../../lib/webhook-queue');
    await queueWebhook(env.database.db, now, owner.account.id, 'member.removed', {
      account_id: owner.account.id,
      user_id: owner.user.id,
      email: owner.user.email,
      via: 'team',
    });
    const dispatcher = new WebhookDispatcher(
      createServiceContext(env.database, config, {
        log: Fastify({ logger: false }).log,
        now: () => new Date(),
      }),
    );
    await dispatcher.drain();
    const rows = await env.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(rows.map((row) => row.lastError)).toEqual([
      expect.stringMatching(/private_address/),
      expect.stringMatching(/private_address/),
    ]);
    expect(receiver.received).toEqual([]);
  });
});
