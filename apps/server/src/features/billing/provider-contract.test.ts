import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAmountCents, findPlan, type PlanId } from '@partner-portal/shared/plans';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import type { FakeStripe } from '../../../test/fake-stripe/fake-stripe-server';
import {
  fakeStripeProvider,
  startFakeStripe,
  STRIPE_TEST_TOKENS,
} from '../../../test/fake-stripe/stripe-test-setup';
import type { BillingProvider } from '../../lib/billing-provider';
import { createLocalProvider } from './local-processor/local-provider';
import { authenticatePayment } from './local-processor/processor-authenticate';
import { tokenizeCard } from './local-processor/processor-cards';
import { runDueRenewals } from './local-processor/processor-renewals';
import type { ProcessorDeps } from './local-processor/processor-snapshot';

/*
 * The provider contract (docs/billing.md "Two providers, one interface"): the same cases on
 * the built-in card processor (a real database) and on Stripe (the official SDK against the
 * tests' fake of Stripe's API), so the app's services can rely on either answering alike.
 */

interface Harness {
  provider: BillingProvider;
  /** A card token for a test number, made the way that provider's card form makes one. */
  token(number: string): Promise<string>;
  /** The cardholder's answer to 3-D Secure (the dialog, or Stripe.js). */
  authenticate(
    customerId: string,
    clientSecret: string,
    outcome: 'complete' | 'fail',
  ): Promise<void>;
  /** Moves the customer's billing clock to `to` and runs what falls due on the way. */
  advanceTo(customerId: string, to: Date): Promise<void>;
}

let database: Database;
let fake: FakeStripe;
let clock = new Date('2026-03-10T09:00:00Z');
const DAY = 86_400_000;

const localDeps = (): ProcessorDeps => ({
  db: database.db,
  key: Buffer.alloc(32, 9),
  now: () => clock,
});

const harnesses: Record<'built-in processor' | 'Stripe', () => Harness> = {
  'built-in processor': () => ({
    provider: createLocalProvider(localDeps()),
    async token(number) {
      const card = await tokenizeCard(
        database.db,
        localDeps().key,
        { number, expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
        clock,
      );
      return card.token;
    },
    async authenticate(customerId, secret, outcome) {
      await authenticatePayment(localDeps(), secret, outcome, customerId);
    },
    async advanceTo(customerId, to) {
      clock = new Date(Math.max(clock.getTime(), to.getTime()));
      await runDueRenewals(localDeps(), { customerId });
    },
  }),
  Stripe: () => ({
    provider: fakeStripeProvider(fake),
    // Stripe.js turns the card form into a PaymentMethod; the fake makes one from Stripe's test name.
    token: async (number) =>
      fake.books.paymentMethod(STRIPE_TEST_TOKENS[number] ?? 'pm_card_visa').id,
    async authenticate(_customerId, secret, outcome) {
      fake.books.authenticate(secret, outcome);
    },
    async advanceTo(_customerId, to) {
      fake.books.advance(Math.max(0, Math.ceil(to.getTime() / 1000) - fake.books.now));
    },
  }),
};

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeStripe();
});
afterAll(async () => {
  await database.close();
  await fake.close();
});

const price = (plan: PlanId, seats = 1) => {
  const found = findPlan(plan);
  if (!found) throw new Error(plan);
  return planAmountCents(found, seats);
};

describe.each(Object.keys(harnesses) as (keyof typeof harnesses)[])('%s', (name) => {
  const h = (): Harness => harnesses[name]();

  async function customerWith(number: string) {
    const { provider, token } = h();
    const customerId = await provider.createCustomer({
      name: 'Northwind Media',
      email: `${randomUUID()}@example.test`,
      idempotencyKey: randomUUID(),
    });
    await provider.attachDefaultCard(customerId, await token(number));
    return customerId;
  }

  async function subscribed(number: string, plan: PlanId = 'free_plus', quantity = 1) {
    const customerId = await customerWith(number);
    const snapshot = await h().provider.createSubscription({
      customerId,
      plan,
      quantity,
      idempotencyKey: randomUUID(),
    });
    return { customerId, snapshot };
  }

  async function documentsOf(customerId: string) {
    const { invoices } = await h().provider.listInvoices(customerId, { limit: 10 });
    const documents = await Promise.all(
      invoices.map((invoice) => h().provider.getInvoice(customerId, invoice.id)),
    );
    return documents.filter((doc) => doc !== null);
  }

  it('4242 pays at once: active, one paid invoice for the plan, the card on file', async () => {
    const { customerId, snapshot } = await subscribed('4242424242424242');
    expect(snapshot).toMatchObject({ status: 'active', plan: 'free_plus', waitingPayment: null });
    const { invoices } = await h().provider.listInvoices(customerId, { limit: 10 });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', total: price('free_plus') });
    const document = await h().provider.getInvoice(customerId, invoices[0]?.id ?? '');
    expect(document?.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(price('free_plus'));
    expect(document?.card).toMatchObject({ last4: '4242' });
    expect(await h().provider.getDefaultCard(customerId)).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    // Another customer's invoice is nobody's business here.
    const other = await customerWith('4242424242424242');
    expect(await h().provider.getInvoice(other, invoices[0]?.id ?? '')).toBeNull();
  });

  it('answers one subscription to a repeated idempotency key', async () => {
    const customerId = await customerWith('4242424242424242');
    const input = {
      customerId,
      plan: 'free_plus' as const,
      quantity: 1,
      idempotencyKey: randomUUID(),
    };
    const [first, second] = [
      await h().provider.createSubscription(input),
      await h().provider.createSubscription(input),
    ];
    expect(second.id).toBe(first.id);
    expect((await h().provider.listInvoices(customerId, { limit: 10 })).invoices).toHaveLength(1);
  });

  it('finds a subscription by the key of the call that made it; an unknown key finds none', async () => {
    const customerId = await customerWith('4242424242424242');
    const idempotencyKey = randomUUID();
    // Another attempt of the same customer first, so the lookup has to tell them apart.
    const other = await h().provider.createSubscription({
      customerId,
      plan: 'free_plus',
      quantity: 1,
      idempotencyKey: randomUUID(),
    });
    await h().provider.cancelNow(other.id);
    const made = await h().provider.createSubscription({
      customerId,
      plan: 'free_plus_ai',
      quantity: 1,
      idempotencyKey,
    });
    expect(await h().provider.findSubscriptionByAttempt(customerId, idempotencyKey)).toEqual(made);
    expect(await h().provider.findSubscriptionByAttempt(customerId, randomUUID())).toBeNull();
    // The key is the customer's own: another customer's lookup finds nothing with it.
    const stranger = await customerWith('4242424242424242');
    expect(await h().provider.findSubscriptionByAttempt(stranger, idempotencyKey)).toBeNull();
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('%s is declined as %s, under the card field', async (number, code) => {
    const customerId = await customerWith(number).catch((error: unknown) => {
      throw error;
    });
    await expect(
      h().provider.createSubscription({
        customerId,
        plan: 'free_plus',
        quantity: 1,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ paymentCode: code, options: { inputError: 'token' } });
    const { invoices } = await h().provider.listInvoices(customerId, { limit: 10 });
    expect(invoices.filter((invoice) => invoice.status === 'paid')).toEqual([]);
  });

  it('3155 waits for authentication; completing it activates, and renewals need nobody', async () => {
    const { customerId, snapshot } = await subscribed('4000002500003155');
    expect(snapshot.status).toBe('incomplete');
    expect(snapshot.waitingPayment).toMatchObject({
      state: 'requires_action',
      amount: price('free_plus'),
    });
    await h().authenticate(customerId, snapshot.waitingPayment?.clientSecret ?? '', 'complete');
    const active = await h().provider.getSubscription(snapshot.id);
    expect(active).toMatchObject({ status: 'active', waitingPayment: null });
    await h().advanceTo(customerId, new Date(active.periodEnd.getTime() + DAY));
    expect((await h().provider.getSubscription(snapshot.id)).status).toBe('active');
  });

  it('3155 refused by its holder leaves nothing subscribed', async () => {
    const { customerId, snapshot } = await subscribed('4000002500003155');
    await h().authenticate(customerId, snapshot.waitingPayment?.clientSecret ?? '', 'fail');
    expect((await h().provider.getSubscription(snapshot.id)).status).toBe('incomplete_expired');
  });

  it('3184 renews into past_due waiting for its holder', async () => {
    const { customerId, snapshot } = await subscribed('4000002760003184');
    await h().authenticate(customerId, snapshot.waitingPayment?.clientSecret ?? '', 'complete');
    const active = await h().provider.getSubscription(snapshot.id);
    await h().advanceTo(customerId, new Date(active.periodEnd.getTime() + 1000));
    expect(await h().provider.getSubscription(snapshot.id)).toMatchObject({
      status: 'past_due',
      waitingPayment: { state: 'requires_action' },
    });
  });

  it('0341 renews into past_due, is retried, then canceled; a new card would have paid it', async () => {
    const { customerId, snapshot } = await subscribed('4000000000000341');
    expect(snapshot.status).toBe('active');
    await h().advanceTo(customerId, new Date(snapshot.periodEnd.getTime() + 1000));
    const overdue = await h().provider.getSubscription(snapshot.id);
    expect(overdue).toMatchObject({
      status: 'past_due',
      waitingPayment: { state: 'requires_payment_method' },
    });
    await h().advanceTo(customerId, new Date(snapshot.periodEnd.getTime() + 6 * DAY));
    expect((await h().provider.getSubscription(snapshot.id)).status).toBe('canceled');

    const second = await subscribed('4000000000000341');
    await h().advanceTo(second.customerId, new Date(second.snapshot.periodEnd.getTime() + 1000));
    const change = await h().provider.replaceDefaultCard(
      second.customerId,
      await h().token('4242424242424242'),
    );
    expect(change).toMatchObject({ card: { last4: '4242' }, action: null });
    expect((await h().provider.getSubscription(second.snapshot.id)).status).toBe('active');
  });

  it('a new card that needs its holder waits for them before it becomes the default', async () => {
    const { customerId } = await subscribed('4242424242424242');
    const token = await h().token('4000002760003184');
    const waiting = await h().provider.replaceDefaultCard(customerId, token);
    expect(waiting.action).toMatchObject({ state: 'requires_action' });
    expect(await h().provider.getDefaultCard(customerId)).toMatchObject({ last4: '4242' });
    await h().authenticate(customerId, waiting.action?.clientSecret ?? '', 'complete');
    const done = await h().provider.replaceDefaultCard(customerId, token);
    expect(done.action).toBeNull();
    expect(await h().provider.getDefaultCard(customerId)).toMatchObject({ last4: '3184' });
  });

  it('an upgrade applies now with a prorated charge', async () => {
    const { customerId, snapshot } = await subscribed('4242424242424242');
    const upgraded = await h().provider.upgradeNow(snapshot.id, 'free_plus_ai', randomUUID());
    expect(upgraded).toMatchObject({ plan: 'free_plus_ai', pendingPlan: null, status: 'active' });
    const { invoices } = await h().provider.listInvoices(customerId, { limit: 10 });
    expect(invoices).toHaveLength(2);
    const document = (await documentsOf(customerId)).find((doc) =>
      doc.lines.some((line) => line.proration && line.amount < 0),
    );
    expect(document?.total).toBeGreaterThan(0);
    expect(document?.total).toBeLessThanOrEqual(price('free_plus_ai') - price('free_plus'));
  });

  it('a previewed upgrade charges what the preview said, however long after it is confirmed', async () => {
    const { customerId, snapshot } = await subscribed('4242424242424242');
    // Ten days into the period: a third of it is used, so both shares are about two thirds.
    await h().advanceTo(customerId, new Date(snapshot.periodStart.getTime() + 10 * DAY));
    const quote = await h().provider.previewUpgrade(snapshot.id, 'free_plus_ai');
    const share =
      (snapshot.periodEnd.getTime() - quote.prorationDate.getTime()) /
      (snapshot.periodEnd.getTime() - snapshot.periodStart.getTime());
    expect(quote).toMatchObject({ currency: 'usd', periodEnd: snapshot.periodEnd });
    expect(quote.credit).toBe(Math.round(price('free_plus') * share));
    expect(quote.charge).toBe(Math.round(price('free_plus_ai') * share));
    // Previewing changes nothing.
    expect(await h().provider.getSubscription(snapshot.id)).toMatchObject({ plan: 'free_plus' });
    expect((await h().provider.listInvoices(customerId, { limit: 10 })).invoices).toHaveLength(1);

    // Confirmed an hour later: still the amount shown, not the hour's worth less.
    await h().advanceTo(customerId, new Date(quote.prorationDate.getTime() + 3_600_000));
    const upgraded = await h().provider.upgradeNow(
      snapshot.id,
      'free_plus_ai',
      randomUUID(),
      quote.prorationDate,
    );
    expect(upgraded.plan).toBe('free_plus_ai');
    expect(upgraded.latestInvoice).toMatchObject({
      total: quote.charge - quote.credit,
      currency: 'usd',
      paid: true,
    });
    const document = (await documentsOf(customerId)).find(
      (doc) => doc.id === upgraded.latestInvoice?.id,
    );
    expect(document?.lines.map((line) => line.amount)).toEqual([-quote.credit, quote.charge]);
    expect(document?.number).toBe(upgraded.latestInvoice?.number);
  });

  it('a proration date outside the current period is refused', async () => {
    const { snapshot } = await subscribed('4242424242424242');
    await expect(
      h().provider.upgradeNow(
        snapshot.id,
        'free_plus_ai',
        randomUUID(),
        new Date(snapshot.periodStart.getTime() - DAY),
      ),
    ).rejects.toThrow();
    expect(await h().provider.getSubscription(snapshot.id)).toMatchObject({ plan: 'free_plus' });
  });

  it('an upgrade that needs authentication waits in pendingPlan; refusing it drops it', async () => {
    const { customerId, snapshot } = await subscribed('4000002760003184');
    await h().authenticate(customerId, snapshot.waitingPayment?.clientSecret ?? '', 'complete');
    const waiting = await h().provider.upgradeNow(snapshot.id, 'free_plus_ai', randomUUID());
    expect(waiting).toMatchObject({ plan: 'free_plus', pendingPlan: 'free_plus_ai' });
    await h().authenticate(customerId, waiting.waitingPayment?.clientSecret ?? '', 'fail');
    expect(await h().provider.getSubscription(snapshot.id)).toMatchObject({
      plan: 'free_plus',
      pendingPlan: null,
      status: 'active',
    });
  });

  it('a second upgrade replaces one waiting for authentication: the first can no longer be paid', async () => {
    const { customerId, snapshot } = await subscribed('4000002760003184');
    await h().authenticate(customerId, snapshot.waitingPayment?.clientSecret ?? '', 'complete');
    const first = await h().provider.upgradeNow(snapshot.id, 'free_plus_ai', randomUUID());
    expect(first.pendingPlan).toBe('free_plus_ai');
    const second = await h().provider.upgradeNow(snapshot.id, 'free_pro', randomUUID());
    expect(second).toMatchObject({ plan: 'free_plus', pendingPlan: 'free_pro' });
    expect(second.waitingPayment?.clientSecret).not.toBe(first.waitingPayment?.clientSecret);

    // The cardholder approving the abandoned upgrade's page late must not charge it.
    await expect(
      h().authenticate(customerId, first.waitingPayment?.clientSecret ?? '', 'complete'),
    ).rejects.toThrow();
    await h().authenticate(customerId, second.waitingPayment?.clientSecret ?? '', 'complete');
    expect(await h().provider.getSubscription(snapshot.id)).toMatchObject({
      plan: 'free_pro',
      pendingPlan: null,
    });
    const paid = (await documentsOf(customerId)).filter((doc) => doc.status === 'paid');
    // The first subscription's invoice and the one upgrade to Pro.
    expect(paid).toHaveLength(2);
  });

  it.each([
    ['a lower plan', (id: string) => h().provider.schedulePlan(id, 'free_plus')],
    ['cancelling', (id: string) => h().provider.setCancelAtPeriodEnd(id, true)],
  ])('%s chosen while an upgrade waits drops the upgrade, uncharged', async (_, choose) => {
    const { customerId, snapshot } = await subscribed('4000002760003184', 'free_plus_ai');
    await h().authenticate(customerId, snapshot.waitingPayment?.clientSecret ?? '', 'complete');
    const waiting = await h().provider.upgradeNow(snapshot.id, 'free_pro', randomUUID());
    expect((await choose(snapshot.id)).pendingPlan).toBeNull();
    await expect(
      h().authenticate(customerId, waiting.waitingPayment?.clientSecret ?? '', 'complete'),
    ).rejects.toThrow();
    expect((await h().provider.getSubscription(snapshot.id)).plan).toBe('free_plus_ai');
    const paid = (await documentsOf(customerId)).filter((doc) => doc.status === 'paid');
    expect(paid).toHaveLength(1);
  });

  it('a downgrade waits for the period end; withdrawing it keeps the plan', async () => {
    const { customerId, snapshot } = await subscribed('4242424242424242', 'free_plus_ai');
    const scheduled = await h().provider.schedulePlan(snapshot.id, 'free_plus');
    expect(scheduled).toMatchObject({ plan: 'free_plus_ai', scheduledPlan: 'free_plus' });
    expect((await h().provider.schedulePlan(snapshot.id, null)).scheduledPlan).toBeNull();
    await h().provider.schedulePlan(snapshot.id, 'free_plus');
    await h().advanceTo(customerId, new Date(snapshot.periodEnd.getTime() + 1000));
    expect(await h().provider.getSubscription(snapshot.id)).toMatchObject({
      status: 'active',
      plan: 'free_plus',
      scheduledPlan: null,
    });
  });

  it('cancel at the period end can be resumed; left alone it ends there', async () => {
    const { customerId, snapshot } = await subscribed('4242424242424242');
    await h().provider.schedulePlan(snapshot.id, null);
    expect((await h().provider.setCancelAtPeriodEnd(snapshot.id, true)).cancelAtPeriodEnd).toBe(
      true,
    );
    expect((await h().provider.setCancelAtPeriodEnd(snapshot.id, false)).cancelAtPeriodEnd).toBe(
      false,
    );
    await h().provider.setCancelAtPeriodEnd(snapshot.id, true);
    await h().advanceTo(customerId, new Date(snapshot.periodEnd.getTime() + 1000));
    expect((await h().provider.getSubscription(snapshot.id)).status).toBe('canceled');
  });

  it('seats on a per-seat plan change the quantity, prorated onto the next invoice', async () => {
    const { customerId, snapshot } = await subscribed('4242424242424242', 'free_pro', 3);
    expect(snapshot.quantity).toBe(3);
    expect((await h().provider.setQuantity(snapshot.id, 4)).quantity).toBe(4);
    await h().advanceTo(customerId, new Date(snapshot.periodEnd.getTime() + 1000));
    const { invoices } = await h().provider.listInvoices(customerId, { limit: 10 });
    expect(invoices).toHaveLength(2);
    const document = (await documentsOf(customerId)).find((doc) =>
      doc.lines.some((line) => line.proration && line.amount > 0),
    );
    expect(document?.total).toBeGreaterThan(price('free_pro', 4));
  });

  it.each([
    [2, 3],
    [5, 5],
  ])(
    'bills Plus once for %i members; Plus → Pro charges %i seats, never $0',
    async (members, seats) => {
      const { customerId, snapshot } = await subscribed('4242424242424242', 'free_plus', members);
      expect((await h().provider.listInvoices(customerId, { limit: 10 })).invoices).toMatchObject([
        { total: price('free_plus') },
      ]);
      const upgraded = await h().provider.upgradeNow(snapshot.id, 'free_pro', randomUUID());
      expect(upgraded).toMatchObject({ plan: 'free_pro', quantity: members, status: 'active' });
      const document = (await documentsOf(customerId)).find((doc) =>
        doc.lines.some((line) => line.proration && line.amount < 0),
      );
      const charged = document?.lines.find((line) => line.amount > 0);
      expect(charged?.quantity).toBe(seats);
      expect(document?.total).toBeGreaterThan(0);
    },
  );

  it('cancels at once', async () => {
    const { snapshot } = await subscribed('4242424242424242');
    expect((await h().provider.cancelNow(snapshot.id)).status).toBe('canceled');
  });
});
