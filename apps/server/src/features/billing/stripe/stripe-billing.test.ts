import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accounts,
  auditEvents,
  outbox,
  subscriptions,
  webhookEvents,
} from '../../../db/schema/index';
import { apiCall, postUpgrade, chargedUsd } from '../../../../test/billing-helpers';
import type { FakeStripe } from '../../../../test/fake-stripe/fake-stripe-server';
import {
  startFakeStripe,
  stripeEnv,
  STRIPE_TEST_TOKENS,
} from '../../../../test/fake-stripe/stripe-test-setup';
import { randomIp, signedInUser } from '../../../../test/identity-helpers';
import { createTestConfig } from '../../../../test/test-config';
import { useTestApp } from '../../../../test/use-test-app';

/*
 * The app on Stripe (docs/billing.md "Stripe"): the official SDK against the tests' fake of
 * Stripe's API, and Stripe's signed webhooks delivered to POST /api/webhook/stripe.
 */
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
const env = useTestApp(() => ({ config: createTestConfig(stripeEnv(fake)) }));
const db = () => env.database.db;

/** What Stripe.js makes of the card form: a PaymentMethod id. */
const tokenFor = (number: string) =>
  fake.books.paymentMethod(STRIPE_TEST_TOKENS[number] ?? 'pm_card_visa').id;

function postWebhook(payload: string, signature: string) {
  return env.app.inject({
    method: 'POST',
    url: '/api/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    remoteAddress: randomIp(),
    payload,
  });
}

const deliver = async (payload: string, signature: string) =>
  (await postWebhook(payload, signature)).statusCode;

async function accountOf(accountId: string) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}

async function subscriberWith(number: string, plan = 'free_plus') {
  const owner = await signedInUser(env.app, db(), { permission: 'owner' });
  const token = tokenFor(number);
  let answer = await postUpgrade(env.app, owner.token, { plan, token });
  if (answer.json().data?.requires_payment_action) {
    const first = answer.json().data;
    fake.books.authenticate(first.client_secret, 'complete');
    answer = await postUpgrade(env.app, owner.token, { plan, token, stripe: first });
  }
  expect(answer.statusCode, answer.body).toBe(200);
  await fake.deliverEvents(deliver);
  const [row] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, owner.account.id));
  return { owner, row };
}

describe('upgrading on Stripe', () => {
  it('4242: the plan at once; the billing screen shows Stripe, its key and the card', async () => {
    const { owner } = await subscriberWith('4242424242424242');
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_plus',
      subscriptionStatus: 'active',
    });
    const billing = (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json();
    expect(billing.data).toMatchObject({
      provider: 'stripe',
      publishable_key: 'pk_test_fake_partner_portal',
      card: { brand: 'visa', last4: '4242' },
    });
    const invoices = (
      await apiCall(env.app, owner.token, 'GET', '/api/account/billing/invoices')
    ).json().data.invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      pdf_url: expect.stringContaining('https://'),
    });
  });

  it('3155: asks for authentication with the invoice’s client secret; the repeat call settles it', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = tokenFor('4000002500003155');
    const first = await postUpgrade(env.app, owner.token, { plan: 'free_plus', token });
    expect(first.json().data).toMatchObject({
      requires_payment_action: true,
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
    });
    expect((await accountOf(owner.account.id))?.plan).not.toBe('free_plus');
    fake.books.authenticate(first.json().data.client_secret, 'complete');
    // The ids in `stripe` are the client's word: the server asks Stripe instead.
    const again = await postUpgrade(env.app, owner.token, {
      plan: 'free_plus',
      token,
      stripe: { ...first.json().data, subscription: 'sub_forged' },
    });
    expect(again.json().data).toEqual({
      plan: 'free_plus',
      subscription: 'active',
      charged: chargedUsd(4900),
    });
  });

  it('3155 refused: an error under the card field, the plan unchanged', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = tokenFor('4000002500003155');
    const first = (await postUpgrade(env.app, owner.token, { plan: 'free_plus', token })).json();
    fake.books.authenticate(first.data.client_secret, 'fail');
    const again = await postUpgrade(env.app, owner.token, {
      plan: 'free_plus',
      token,
      stripe: first.data,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ inputError: 'token' });
    expect((await accountOf(owner.account.id))?.plan).not.toBe('free_plus');
  });

  it('0002: declined as a field error, nothing subscribed at Stripe', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const answer = await postUpgrade(env.app, owner.token, {
      plan: 'free_plus',
      token: tokenFor('4000000000000002'),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      inputError: 'token',
      message: expect.stringMatching(/declined/i),
    });
    const customer = (await accountOf(owner.account.id))?.billingCustomerId;
    const live = [...fake.books.objects.values()].filter(
      (o) =>
        o.object === 'subscription' && o.customer === customer && o.status !== 'incomplete_expired',
    );
    expect(live).toEqual([]);
  });

  it('a token that is not a card of this account is refused as the card field', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const answer = await postUpgrade(env.app, owner.token, { plan: 'free_plus', token: 'pm_nope' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ inputError: 'token' });
  });

  it('20 parallel upgrades make one subscription and one charge', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = tokenFor('4242424242424242');
    const before = fake.books.charges.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postUpgrade(env.app, owner.token, { plan: 'free_plus', token }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const customer = (await accountOf(owner.account.id))?.billingCustomerId;
    const subs = [...fake.books.objects.values()].filter(
      (o) => o.object === 'subscription' && o.customer === customer,
    );
    expect(subs).toHaveLength(1);
    expect(fake.books.charges.length - before).toBe(1);
  });
});

describe('Stripe webhooks', () => {
  it('refuse a missing or tampered signature with 400 and record nothing', async () => {
    const { row } = await subscriberWith('4242424242424242');
    fake.books.advance(0);
    const event = {
      id: 'evt_tampered',
      type: 'customer.subscription.deleted',
      object: { id: row?.providerSubscriptionId ?? '', object: 'subscription' },
    };
    const payload = fake.eventPayload(event);
    const signature = fake.sign(payload);
    const tampered = payload.replace(
      'customer.subscription.deleted',
      'customer.subscription.updated',
    );
    expect((await postWebhook(tampered, signature)).statusCode).toBe(400);
    expect((await postWebhook(payload, '')).statusCode).toBe(400);
    expect((await postWebhook(payload, fake.sign(payload, 'whsec_someone_else'))).statusCode).toBe(
      400,
    );
    const recorded = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, 'evt_tampered'));
    expect(recorded).toEqual([]);
  });

  it('answer any unsigned or wrongly signed body with 400, never a 500', async () => {
    const body = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.json(),
      fc.constant('{"id":"evt_1","type":"invoice.paid","data":{"object":{}}}'),
    );
    const signature = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.integer({ min: 0, max: 2_000_000_000 }).map((t) => `t=${t},v1=${'0'.repeat(64)}`),
    );
    await fc.assert(
      fc.asyncProperty(body, signature, async (payload, header) => {
        const answer = await postWebhook(payload, header);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ message: expect.any(String) });
      }),
      { numRuns: 60 },
    );
  });

  it('take a replayed event once', async () => {
    const { row } = await subscriberWith('4242424242424242');
    const event = {
      id: `evt_replay_${row?.id}`,
      type: 'customer.subscription.updated',
      object: { id: row?.providerSubscriptionId ?? '', object: 'subscription' },
    };
    const payload = fake.eventPayload(event);
    const first = await postWebhook(payload, fake.sign(payload));
    const second = await postWebhook(payload, fake.sign(payload));
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    expect(second.json().data).toEqual({ received: true, duplicate: true });
  });

  it('0341: a failed renewal reaches the account through webhooks, in any order, and mails the owner', async () => {
    const { owner, row } = await subscriberWith('4000000000000341');
    const periodEnd = row?.currentPeriodEnd?.getTime() ?? 0;
    fake.books.advance(Math.ceil(periodEnd / 1000) - fake.books.now + 60);
    // Newest first: each handler re-reads the subscription, so order does not matter.
    const statuses = await fake.deliverEvents(deliver, (events) => [...events].reverse());
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await accountOf(owner.account.id)).toMatchObject({ subscriptionStatus: 'past_due' });
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, owner.user.email), eq(outbox.template, 'payment_failed')));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    // Retries on days 1, 3 and 5 fail too: canceled, the account back on the free plan.
    fake.books.advance(6 * 86_400);
    await fake.deliverEvents(deliver);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_core',
      subscriptionStatus: 'canceled',
    });
  });

  it('a downgrade scheduled on the billing screen takes effect when Stripe renews', async () => {
    const { owner, row } = await subscriberWith('4242424242424242', 'free_plus_ai');
    const change = await apiCall(env.app, owner.token, 'POST', '/api/account/plan', {
      plan: 'free_plus',
    });
    expect(change.json().data).toMatchObject({ scheduled_plan: 'free_plus' });
    const periodEnd = row?.currentPeriodEnd?.getTime() ?? 0;
    fake.books.advance(Math.ceil(periodEnd / 1000) - fake.books.now + 60);
    await fake.deliverEvents(deliver);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_plus',
      subscriptionStatus: 'active',
    });
  });
});

describe('card changes on Stripe', () => {
  it('the plan already held is a 409; an admin’s upgrade with a card is logged and told once', async () => {
    const { owner } = await subscriberWith('4242424242424242');
    const admin = await signedInUser(env.app, db(), {
      account: owner.account,
      permission: 'admin',
    });
    const token = fake.books.paymentMethod('pm_card_mastercard').id;
    const same = await postUpgrade(env.app, admin.token, { plan: 'free_plus', token });
    expect(same.statusCode).toBe(409);
    const up = await postUpgrade(env.app, admin.token, { plan: 'free_plus_ai', token });
    expect(up.json().data).toEqual({
      plan: 'free_plus_ai',
      subscription: 'active',
      charged: chargedUsd(5000),
    });
    await fake.deliverEvents(deliver);
    const billing = (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json();
    expect(billing.data.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const logged = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, owner.account.id),
          eq(auditEvents.action, 'account.card_updated'),
        ),
      );
    expect(logged.map((row) => row.actorId)).toEqual([admin.user.id]);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, owner.user.email), eq(outbox.template, 'card_updated')));
    expect(mails).toHaveLength(1);
  });
});
