import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { localInvoices, localPaymentMethods, localSubscriptions } from '../../../db/schema/index';
import { createTestDatabase } from '../../../../test/test-database';
import { PaymentError } from '../payment-error';
import { authenticatePayment, changeDefaultCard } from './processor-authenticate';
import { attachPaymentMethod, setDefaultPaymentMethod, tokenizeCard } from './processor-cards';
import { finalizeInvoice } from './processor-invoices';
import { runDueRenewals } from './processor-renewals';
import type { ProcessorDeps } from './processor-snapshot';
import {
  createCustomer,
  createSubscription,
  getSubscription,
  schedulePlan,
  setCancelAtPeriodEnd,
  setQuantity,
  upgradeNow,
} from './processor-subscriptions';

/*
 * The built-in card processor against a real database, on a clock the test moves: Stripe's test
 * cards answer as they do on Stripe (docs/billing.md "The built-in card processor").
 */
let database: Database;
let clock = new Date('2026-03-10T09:00:00Z');
const deps = (): ProcessorDeps => ({
  db: database.db,
  key: Buffer.alloc(32, 7),
  now: () => clock,
});
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function customerWithCard(number: string) {
  const customerId = await createCustomer(deps(), {
    name: 'Northwind Media',
    email: `${randomUUID()}@example.test`,
    idempotencyKey: randomUUID(),
  });
  const card = await tokenizeCard(
    database.db,
    deps().key,
    { number, expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
    clock,
  );
  const attached = await attachPaymentMethod(database.db, customerId, card.token);
  await setDefaultPaymentMethod(database.db, customerId, attached.id);
  return customerId;
}

async function subscribe(number: string, plan: 'free_plus' | 'free_pro' = 'free_plus', seats = 1) {
  const customerId = await customerWithCard(number);
  const snapshot = await createSubscription(deps(), {
    customerId,
    plan,
    quantity: seats,
    idempotencyKey: randomUUID(),
  });
  return { customerId, snapshot };
}

async function invoicesOf(customerId: string) {
  return database.db
    .select()
    .from(localInvoices)
    .where(eq(localInvoices.customerId, customerId))
    .orderBy(localInvoices.issuedAt);
}

/** Moves the clock and runs the renewal job for this customer only (files share PostgreSQL). */
async function advance(customerId: string, days: number) {
  clock = new Date(clock.getTime() + days * DAY);
  return runDueRenewals(deps(), { customerId });
}

/** Moves the clock to the subscription's period end (months differ in length) and renews. */
async function renewNow(customerId: string, subscriptionId: string) {
  clock = (await getSubscription(deps(), subscriptionId)).periodEnd;
  return runDueRenewals(deps(), { customerId });
}

describe('cards', () => {
  it('keeps brand, last 4, expiry and a fingerprint — never the number or the CVC', async () => {
    const token = await tokenizeCard(
      database.db,
      deps().key,
      { number: '4242 4242 4242 4242', expiry: '04 / 31', cvc: '987', name: 'Ada' },
      clock,
    );
    expect(token).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 });
    const [row] = await database.db
      .select({ json: sql<string>`row_to_json(${localPaymentMethods})::text` })
      .from(localPaymentMethods)
      .where(eq(localPaymentMethods.id, token.token));
    expect(row?.json).toBeDefined();
    expect(row?.json).not.toContain('4242424242424242');
    expect(row?.json).not.toContain('424242424242');
    expect(row?.json).not.toContain('987');
  });

  it('refuses an expired card and a CVC of the wrong length for the brand', async () => {
    const tokenize = (input: { number: string; expiry: string; cvc: string }) =>
      tokenizeCard(database.db, deps().key, { ...input, name: 'Ada' }, clock);
    await expect(
      tokenize({ number: '4242424242424242', expiry: '02/26', cvc: '123' }),
    ).rejects.toMatchObject({ paymentCode: 'expired_card', options: { inputError: 'expiry' } });
    await expect(
      tokenize({ number: '378282246310005', expiry: '12/30', cvc: '123' }),
    ).rejects.toMatchObject({ paymentCode: 'invalid_cvc', options: { inputError: 'cvc' } });
  });

  it('attaches a token to one customer only', async () => {
    const first = await customerWithCard('4242424242424242');
    const token = await tokenizeCard(
      database.db,
      deps().key,
      { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Ada' },
      clock,
    );
    await attachPaymentMethod(database.db, first, token.token);
    const other = await customerWithCard('4242424242424242');
    await expect(attachPaymentMethod(database.db, other, token.token)).rejects.toBeInstanceOf(
      PaymentError,
    );
  });
});

describe('first payment', () => {
  it('4242 pays at once: active, one paid invoice for the month', async () => {
    const { customerId, snapshot } = await subscribe('4242424242424242');
    expect(snapshot).toMatchObject({ status: 'active', plan: 'free_plus', waitingPayment: null });
    expect(snapshot.periodEnd.toISOString()).toBe('2026-04-10T09:00:00.000Z');
    const [invoice, ...more] = await invoicesOf(customerId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ status: 'paid', total: 4900, currency: 'usd' });
    expect(invoice?.number).toMatch(/^INV-2026-\d{6}$/);
    expect(invoice?.card).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('answers the same subscription to a repeated idempotency key', async () => {
    const customerId = await customerWithCard('4242424242424242');
    const input = {
      customerId,
      plan: 'free_plus' as const,
      quantity: 1,
      idempotencyKey: randomUUID(),
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createSubscription(deps(), input)),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await invoicesOf(customerId)).toHaveLength(1);
  });

  it('3155 waits for authentication; completing it activates the subscription', async () => {
    const { customerId, snapshot } = await subscribe('4000002500003155');
    expect(snapshot.status).toBe('incomplete');
    expect(snapshot.waitingPayment).toMatchObject({ state: 'requires_action', amount: 4900 });
    const secret = snapshot.waitingPayment?.clientSecret ?? '';
    expect(secret).toContain('_secret_');
    const answer = await authenticatePayment(deps(), secret, 'complete');
    expect(answer.status).toBe('succeeded');
    expect(await getSubscription(deps(), snapshot.id)).toMatchObject({
      status: 'active',
      waitingPayment: null,
    });
    // Only the first answer counts.
    await expect(authenticatePayment(deps(), secret, 'fail')).rejects.toMatchObject({
      messageKey: 'error.payment_not_waiting',
    });
    // Once authenticated, the card renews without its holder.
    await renewNow(customerId, snapshot.id);
    expect((await getSubscription(deps(), snapshot.id)).status).toBe('active');
    expect((await invoicesOf(customerId)).map((invoice) => invoice.status)).toEqual([
      'paid',
      'paid',
    ]);
  });

  it('3155 refused by its holder leaves nothing subscribed', async () => {
    const { customerId, snapshot } = await subscribe('4000002500003155');
    await authenticatePayment(deps(), snapshot.waitingPayment?.clientSecret ?? '', 'fail');
    expect((await getSubscription(deps(), snapshot.id)).status).toBe('incomplete_expired');
    expect((await invoicesOf(customerId)).map((invoice) => invoice.status)).toEqual(['void']);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('%s is declined (%s): no subscription, no invoice, no number used', async (number, code) => {
    const customerId = await customerWithCard(number);
    await expect(
      createSubscription(deps(), {
        customerId,
        plan: 'free_plus',
        quantity: 1,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ paymentCode: code, options: { inputError: 'token' } });
    const subscriptions = await database.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.customerId, customerId));
    expect(subscriptions).toEqual([]);
    expect(await invoicesOf(customerId)).toEqual([]);
  });
});

describe('renewals and dunning', () => {
  it('3184 needs its holder at every renewal: past_due until authenticated', async () => {
    const { customerId, snapshot } = await subscribe('4000002760003184');
    await authenticatePayment(deps(), snapshot.waitingPayment?.clientSecret ?? '', 'complete');
    const events = await renewNow(customerId, snapshot.id);
    expect(events.map((event) => event.type)).toEqual(['invoice.payment_action_required']);
    const due = await getSubscription(deps(), snapshot.id);
    expect(due).toMatchObject({ status: 'past_due' });
    expect(due.waitingPayment).toMatchObject({ state: 'requires_action' });
    await authenticatePayment(deps(), due.waitingPayment?.clientSecret ?? '', 'complete');
    expect((await getSubscription(deps(), snapshot.id)).status).toBe('active');
  });

  it('0341 renews into past_due, is retried on days 1, 3 and 5, then canceled', async () => {
    const { customerId, snapshot } = await subscribe('4000000000000341');
    expect(snapshot.status).toBe('active');
    const kinds = (await renewNow(customerId, snapshot.id)).map((event) => event.type);
    for (const days of [1, 2, 2]) {
      kinds.push(...(await advance(customerId, days)).map((event) => event.type));
    }
    expect(kinds).toEqual([
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
    expect((await getSubscription(deps(), snapshot.id)).status).toBe('canceled');
    expect((await invoicesOf(customerId)).map((invoice) => invoice.status)).toEqual([
      'paid',
      'uncollectible',
    ]);
  });

  it('a new card pays a failed renewal at once', async () => {
    const { customerId, snapshot } = await subscribe('4000000000000341');
    await renewNow(customerId, snapshot.id);
    const token = await tokenizeCard(
      database.db,
      deps().key,
      { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Ada' },
      clock,
    );
    const { change, events } = await changeDefaultCard(deps(), customerId, token.token);
    expect(change).toMatchObject({ card: { last4: '4242' }, action: null });
    expect(events.map((event) => event.type)).toEqual(['invoice.paid']);
    expect((await getSubscription(deps(), snapshot.id)).status).toBe('active');
  });

  it('renews many missed periods one by one and runs each renewal once', async () => {
    const { customerId } = await subscribe('4242424242424242');
    clock = new Date(clock.getTime() + 95 * DAY);
    const [first, second] = await Promise.all([
      runDueRenewals(deps(), { customerId }),
      runDueRenewals(deps(), { customerId }),
    ]);
    expect((first?.length ?? 0) + (second?.length ?? 0)).toBe(3);
    expect(await invoicesOf(customerId)).toHaveLength(4);
  });
});

describe('plan changes', () => {
  it('an upgrade credits the unused share of the old plan and charges the new one now', async () => {
    const { customerId, snapshot } = await subscribe('4242424242424242');
    clock = new Date(
      snapshot.periodStart.getTime() +
        (snapshot.periodEnd.getTime() - snapshot.periodStart.getTime()) / 2,
    );
    const upgraded = await upgradeNow(deps(), snapshot.id, 'free_plus_ai');
    expect(upgraded.plan).toBe('free_plus_ai');
    const proration = (await invoicesOf(customerId)).at(-1);
    expect(proration?.lines.map((line) => [line.description, line.amount, line.proration])).toEqual(
      [
        ['Plus', -2450, true],
        ['Plus AI', 4950, true],
      ],
    );
    expect(proration).toMatchObject({ status: 'paid', total: 2500 });
  });

  it('an upgrade that needs authentication waits in pending_plan; refusing it drops it', async () => {
    const { snapshot } = await subscribe('4000002760003184');
    await authenticatePayment(deps(), snapshot.waitingPayment?.clientSecret ?? '', 'complete');
    const waiting = await upgradeNow(deps(), snapshot.id, 'free_pro');
    expect(waiting).toMatchObject({ plan: 'free_plus', pendingPlan: 'free_pro' });
    await authenticatePayment(deps(), waiting.waitingPayment?.clientSecret ?? '', 'fail');
    expect(await getSubscription(deps(), snapshot.id)).toMatchObject({
      plan: 'free_plus',
      pendingPlan: null,
      status: 'active',
    });
  });

  it('a downgrade waits for the period end; cancelling ends it there', async () => {
    const { customerId, snapshot } = await subscribe('4242424242424242', 'free_pro', 3);
    await schedulePlan(deps(), snapshot.id, 'free_plus');
    await renewNow(customerId, snapshot.id);
    expect(await getSubscription(deps(), snapshot.id)).toMatchObject({
      plan: 'free_plus',
      scheduledPlan: null,
      status: 'active',
    });
    await setCancelAtPeriodEnd(deps(), snapshot.id, true);
    await renewNow(customerId, snapshot.id);
    expect((await getSubscription(deps(), snapshot.id)).status).toBe('canceled');
  });

  it('per-seat plans bill their minimum, and prorate a change in seats billed onto the next invoice', async () => {
    const { customerId, snapshot } = await subscribe('4242424242424242', 'free_pro', 2);
    // Two members, billed as Pro's minimum of three seats.
    expect((await invoicesOf(customerId))[0]?.total).toBe(11700);
    clock = new Date(
      snapshot.periodStart.getTime() +
        (snapshot.periodEnd.getTime() - snapshot.periodStart.getTime()) / 2,
    );
    // The third member still fits the minimum; the fourth is a seat more.
    await setQuantity(deps(), snapshot.id, 3);
    await setQuantity(deps(), snapshot.id, 4);
    await renewNow(customerId, snapshot.id);
    const renewal = (await invoicesOf(customerId)).at(-1);
    expect(renewal?.lines.map((line) => [line.quantity, line.amount, line.proration])).toEqual([
      [4, 15600, false],
      [1, 1950, true],
    ]);
  });
});

describe('invoice numbers', () => {
  it('stay gapless when 20 invoices are finalised at once', async () => {
    const customerId = await customerWithCard('4242424242424242');
    const year = 2091;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction((tx) =>
          finalizeInvoice(tx, {
            customerId,
            subscriptionId: null,
            currency: 'usd',
            lines: [],
            periodStart: clock,
            periodEnd: clock,
            issuedAt: new Date(`${year}-06-01T00:00:00Z`),
          }),
        ),
      ),
    );
    const numbers = (
      await database.db
        .select({ number: localInvoices.number })
        .from(localInvoices)
        .where(sql`${localInvoices.number} like ${`INV-${year}-%`}`)
    )
      .map((row) => Number(row.number.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('give a declined first payment’s number back', async () => {
    const year = 2092;
    const issue = (customerId: string) =>
      database.db.transaction((tx) =>
        finalizeInvoice(tx, {
          customerId,
          subscriptionId: null,
          currency: 'usd',
          lines: [],
          periodStart: clock,
          periodEnd: clock,
          issuedAt: new Date(`${year}-01-01T00:00:00Z`),
        }),
      );
    const customerId = await customerWithCard('4000000000000002');
    expect((await issue(customerId)).number).toBe(`INV-${year}-000001`);
    const saved = clock;
    clock = new Date(`${year}-02-01T00:00:00Z`);
    await expect(
      createSubscription(deps(), {
        customerId,
        plan: 'free_plus',
        quantity: 1,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toBeInstanceOf(PaymentError);
    clock = saved;
    expect((await issue(customerId)).number).toBe(`INV-${year}-000002`);
  });
});
